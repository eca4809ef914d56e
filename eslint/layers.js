// Local ESLint plugin: the layers of the source tree, and the one way imports may run between them.
//
//   src/app/**, src/main.tsx      app        composes; may import anything
//   src/features/<name>/**        feature    one capability; imports shared and machines, and its own folder
//   src/shared/**                 shared     what several features use; imports machines only
//   machines/**                   machines   pure statecharts; imports nothing from src/
//
// So: app -> features -> shared -> machines, and no feature imports another one (compose them in
// src/app). Every relative module specifier counts, whatever its syntax: `import` (type-only too),
// `export … from`, `import()`, `import x = require()`, and the type `import('…')`. Bare package
// specifiers are left to `no-restricted-imports`; files outside src/ and machines/ are not checked.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root: this file lives in <root>/eslint/, whatever directory ESLint runs from. */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The layer of an absolute path: 'machines', 'shared', 'feature:<name>', 'app' or 'other'. */
function layerOf(file) {
  const [top, second, third] = path.relative(root, file).split(path.sep);
  if (top === 'machines') return 'machines';
  if (top !== 'src') return 'other';
  if (second === 'shared') return 'shared';
  if (second === 'app' || /^main(\.tsx?)?$/.test(second ?? '')) return 'app';
  if (second === 'features') return `feature:${(third ?? '').replace(/\.tsx?$/, '')}`;
  return 'other';
}

/** Why an import from layer `from` into the file `target` breaks the rule, or null when it may. */
function violation(from, target) {
  const to = layerOf(target);
  if (from === to || from === 'app' || from === 'other') return null;
  if (from === 'machines') return path.relative(root, target).split(path.sep)[0] === 'src' ? 'machines/ must not import src/' : null;
  if (to === 'app') return `${label(from)} must not import src/app`;
  if (from === 'shared') return to.startsWith('feature:') ? 'src/shared must not import src/features' : null;
  // `from` is a feature here; `to` another feature, shared, machines or other.
  if (to.startsWith('feature:')) return `${label(from)} must not import ${label(to)}: compose them in src/app`;
  return null;
}

const label = (layer) => (layer === 'shared' ? 'src/shared' : `feature ${layer.slice('feature:'.length)}`);

/** The target as the message shows it: relative to src/ (or to the root for machines/), with the extension found on disk. */
function shown(target) {
  const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((end) => target + end).find((file) => fs.statSync(file, { throwIfNoEntry: false })?.isFile());
  const relative = path.relative(root, found ?? target).split(path.sep).join('/');
  return relative.startsWith('src/') ? relative.slice(4) : relative;
}

const imports = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports run one way: app -> features -> shared -> machines, and never feature -> other feature.' },
    schema: [],
    messages: { layer: '{{rule}} ({{target}})' },
  },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    if (from === 'other') return {};
    /** Checks one specifier node (a string Literal, or a TemplateLiteral without expressions). */
    function check(node) {
      const specifier = node?.type === 'Literal' ? node.value : node?.type === 'TemplateLiteral' && node.expressions.length === 0 ? node.quasis[0].value.cooked : null;
      if (typeof specifier !== 'string' || !specifier.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), specifier);
      const rule = violation(from, target);
      if (rule) context.report({ node, messageId: 'layer', data: { rule, target: shown(target) } });
    }
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSExternalModuleReference: (node) => check(node.expression),
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
    };
  },
};

export default { meta: { name: 'layers' }, rules: { imports } };
