import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import layers from './eslint/layers.js';

const RUN_CHARTS = { name: '@xstate/react', importNames: ['useMachine', 'useActor', 'useActorRef'], message: 'Use useAppMachine (src/shared/charts/useAppMachine.ts): it audits and shows the chart in the QA panel.' };
const CONNECT_CHARTS = { name: '@xstate/react', importNames: ['useSelector'], message: "Use useChartSnapshot (src/shared/charts/useChartSnapshot.ts): the chart's own steps render as transitions." };

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', '.sandbox-data', 'test-results', 'playwright-report', 'docs', '.stryker-tmp', 'reports'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  { files: ['**/*.{js,mjs}'], languageOptions: { globals: globals.node } },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Imports run one way: app -> features -> shared -> machines; no feature imports another
    // (eslint/layers.js). A rule of its own, so it never replaces the `no-restricted-imports`
    // settings below (in flat config a later object's setting of a rule wins for the same files).
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    plugins: { layers },
    rules: { 'layers/imports': 'error' },
  },
  {
    // Views run charts through useAppMachine, which gives every actor the app's inspector, and
    // connect child charts with useChartSnapshot, which renders the chart's own steps as
    // transitions.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/charts/useAppMachine.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [RUN_CHARTS, CONNECT_CHARTS] }] },
  },
  {
    // The viewer's charts follow the patient's finger and the cine clock: every frame is urgent.
    files: ['src/features/viewer/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: [RUN_CHARTS] }] },
  },
  {
    // The statecharts are pure: no app code, no React, no DOM, no HTTP (docs/architecture.md).
    files: ['machines/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/src/**', '../src/*', '../../src/*'], message: 'machines/ imports nothing from src/.' },
            { group: ['react', 'react-dom', '@xstate/react', 'axios', 'oidc-client-ts', 'weixin-js-sdk'], message: 'machines/ receive side effects as actors and actions.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'window', 'document', 'fetch', 'localStorage', 'sessionStorage', 'navigator'],
    },
  },
);
