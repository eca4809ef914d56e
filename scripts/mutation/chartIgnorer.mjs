/**
 * An ignorer for Stryker: parts of a chart's config that hold no behaviour, whose mutants are
 * left out of the score (reported as "Ignored", with the reason below).
 */

/** The name of an object property's key (`description: ...`, `'types': ...`). */
function keyName(path) {
  const { key } = path.node;
  if (key.type === 'Identifier') return key.name;
  if (key.type === 'StringLiteral') return key.value;
  return undefined;
}

const chartIgnorer = {
  shouldIgnore(path) {
    if (!path.isObjectProperty() || path.node.computed) return undefined;
    const name = keyName(path);
    if (name === 'description') {
      return 'A description is documentation: it is what the diagrams and the flow catalogue say, which tests/docs keeps in step with the charts; no behaviour depends on it.';
    }
    if (name === 'types' && path.parentPath?.parentPath?.isCallExpression()) {
      const callee = path.parentPath.parentPath.node.callee;
      if (callee.type === 'Identifier' && callee.name === 'setup') {
        return "`setup({ types })` only carries TypeScript types; XState does not read it at run time.";
      }
    }
    return undefined;
  },
};

export const strykerPlugins = [{ kind: 'Ignore', name: 'chart-docs', value: chartIgnorer }];
