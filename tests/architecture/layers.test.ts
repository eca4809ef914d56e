// @vitest-environment node
/**
 * The layer rule (eslint/layers.js, `layers/imports`) really fires, through the repository's own
 * eslint.config.js, and the older `no-restricted-imports` settings still fire beside it.
 *
 * Snippets are linted with lintText under virtual paths: no probe file is ever written, so
 * `npx eslint .` only ever sees the real tree.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const RULE = 'layers/imports';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

/** The messages ESLint reports for `code` as if it were the file `filePath` (relative to the root). */
async function lint(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  expect(result, `no lint result for ${filePath}`).toBeDefined();
  // A fatal message means a parse error or an ignored path: the snippet proved nothing.
  expect(result!.messages.filter((message) => message.fatal)).toEqual([]);
  return result!.messages;
}

const ofRule = (messages: Linter.LintMessage[], rule: string) => messages.filter((message) => message.ruleId === rule).map((message) => message.message);

describe('layers/imports: what breaks the one-way rule', () => {
  it.each([
    {
      what: 'shared -> feature',
      file: 'src/shared/services.probe.ts',
      code: "import { pendingPayment } from '../features/payment/pendingPayment';\nexport const probe = pendingPayment;\n",
      message: 'src/shared must not import src/features (features/payment/pendingPayment.ts)',
    },
    {
      what: 'shared -> feature, type-only',
      file: 'src/shared/api/probe.ts',
      code: "import type { AiOrderCalls } from '../../features/aiOrders/aiOrderCalls';\nexport type Probe = AiOrderCalls;\n",
      message: 'src/shared must not import src/features (features/aiOrders/aiOrderCalls.ts)',
    },
    {
      what: 'shared -> app',
      file: 'src/shared/navigation/probe.ts',
      code: "export { router } from '../../app/router';\n",
      message: 'src/shared must not import src/app (app/router.tsx)',
    },
    {
      what: 'shared -> the entry',
      file: 'src/shared/probe.ts',
      code: "export * from '../main';\n",
      message: 'src/shared must not import src/app (main.tsx)',
    },
    {
      what: 'feature -> other feature',
      file: 'src/features/aiOrders/__probe__.ts',
      code: "import { pendingPayment } from '../payment/pendingPayment';\nexport const probe = pendingPayment;\n",
      message: 'feature aiOrders must not import feature payment: compose them in src/app (features/payment/pendingPayment.ts)',
    },
    {
      what: 'feature -> other feature, dynamic import()',
      file: 'src/features/aiOrders/__probe__.ts',
      code: "export const load = () => import('../studies/StudyListScreen');\n",
      message: 'feature aiOrders must not import feature studies: compose them in src/app (features/studies/StudyListScreen.tsx)',
    },
    {
      what: 'feature -> other feature, through src/',
      file: 'src/features/home/deep/__probe__.ts',
      code: "export type { Probe } from '../../../features/qa/mask';\n",
      message: 'feature home must not import feature qa: compose them in src/app (features/qa/mask.ts)',
    },
    {
      what: 'feature -> other feature, type import() in a type',
      file: 'src/features/payment/__probe__.ts',
      code: "export type Probe = typeof import('../session/tabChannel');\n",
      message: 'feature payment must not import feature session: compose them in src/app (features/session/tabChannel.ts)',
    },
    {
      what: 'feature -> app',
      file: 'src/features/aiOrders/__probe__.ts',
      code: "import { screens } from '../../app/screens';\nexport const probe = screens;\n",
      message: 'feature aiOrders must not import src/app (app/screens.ts)',
    },
    {
      what: 'machines -> src',
      file: 'machines/payment/__probe__.ts',
      code: "import { api } from '../../src/shared/api/client';\nexport const probe = api;\n",
      message: 'machines/ must not import src/ (shared/api/client.ts)',
    },
  ])('$what', async ({ file, code, message }) => {
    // The extension shown is the one found on disk; compared without it, so files the snippets
    // name may still move from .ts to .tsx.
    const bare = (text: string) => text.replace(/\.tsx?\)$/, ')');
    expect(ofRule(await lint(file, code), RULE).map(bare)).toEqual([bare(message)]);
  });

  it('names the file found on disk, extension included', async () => {
    expect(ofRule(await lint('src/shared/probe.ts', "export * from '../main';\n"), RULE)).toEqual(['src/shared must not import src/app (main.tsx)']);
  });
});

describe('layers/imports: what the one-way rule allows', () => {
  it.each([
    { what: 'feature -> shared', file: 'src/features/aiOrders/__probe__.ts', code: "import { t } from '../../shared/i18n/i18n';\nexport const probe = t;\n" },
    { what: 'feature -> own folder', file: 'src/features/aiOrders/__probe__.ts', code: "import type { AiOrderCalls } from './aiOrderCalls';\nexport const load = () => import('./AiOrderListScreen');\nexport type Probe = AiOrderCalls;\n" },
    { what: 'feature -> machines', file: 'src/features/payment/__probe__.ts', code: "export * from '../../../machines/payment/payment.machine';\n" },
    { what: 'app -> feature', file: 'src/app/__probe__.ts', code: "export const load = () => import('../features/home/HubScreen');\nexport { pendingPayment } from '../features/payment/pendingPayment';\n" },
    { what: 'entry -> feature', file: 'src/main.tsx', code: "export const load = () => import('./features/qa/qaEntry');\n" },
    { what: 'shared -> shared', file: 'src/shared/list/__probe__.ts', code: "import { t } from '../i18n/i18n';\nexport const probe = t;\n" },
    { what: 'shared -> machines', file: 'src/shared/charts/__probe__.ts', code: "export * from '../../../machines/pagedList/pagedList.machine';\n" },
    { what: 'machines -> machines', file: 'machines/payment/__probe__.ts', code: "export * from '../pagedList/pagedList.machine';\n" },
    { what: 'tests -> anything (outside the layers)', file: 'tests/architecture/__probe__.ts', code: "export { pendingPayment } from '../../src/features/payment/pendingPayment';\n" },
    { what: 'package imports', file: 'src/shared/__probe__.ts', code: "import { setup } from 'xstate';\nexport const probe = setup;\n" },
  ])('$what', async ({ file, code }) => {
    expect(ofRule(await lint(file, code), RULE)).toEqual([]);
  });
});

describe('the older no-restricted-imports settings still fire beside the layer rule', () => {
  it('src/: useMachine comes through useAppMachine only', async () => {
    const messages = await lint(
      'src/features/aiOrders/__probe__.ts',
      "import { useMachine } from '@xstate/react';\nimport { screens } from '../../app/screens';\nexport const probe = [useMachine, screens];\n",
    );
    expect(ofRule(messages, 'no-restricted-imports')).toEqual([expect.stringContaining('Use useAppMachine')]);
    expect(ofRule(messages, RULE)).toEqual(['feature aiOrders must not import src/app (app/screens.ts)']);
  });

  it('src/shared/charts/useAppMachine.ts itself may use useMachine', async () => {
    const messages = await lint('src/shared/charts/useAppMachine.ts', "import { useMachine } from '@xstate/react';\nexport const probe = useMachine;\n");
    expect(ofRule(messages, 'no-restricted-imports')).toEqual([]);
  });

  it('machines/: no src/, no React, no HTTP, no DOM globals', async () => {
    const messages = await lint(
      'machines/payment/__probe__.ts',
      "import { useState } from 'react';\nimport axios from 'axios';\nimport { api } from '../../src/shared/api/client';\nexport const probe = [useState, axios, api, window];\n",
    );
    expect(ofRule(messages, 'no-restricted-imports')).toEqual([
      expect.stringContaining('machines/ receive side effects'),
      expect.stringContaining('machines/ receive side effects'),
      expect.stringContaining('machines/ imports nothing from src/'),
    ]);
    expect(ofRule(messages, 'no-restricted-globals')).toHaveLength(1);
    expect(ofRule(messages, RULE)).toEqual(['machines/ must not import src/ (shared/api/client.ts)']);
  });
});
