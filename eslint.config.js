import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // bulletproof-react's one direction: shared code imports no feature, features import no other feature.
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/i18n/**', 'apps/web/src/config/**', 'apps/web/src/hooks/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/features/**', '**/app/**'], message: 'Shared code must not import features or app.' }] }] },
  },
  {
    files: ['apps/server/src/services/**', 'apps/server/src/repositories/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'node:fs', message: 'Services and repositories reach files through the Storage interface.' }, { name: 'node:fs/promises', message: 'Use the Storage interface.' }, { name: 'fastify', message: 'Services know nothing of HTTP.' }] },
      ],
    },
  },
);
