import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
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
    // bulletproof-react's one direction for the web app: app/ composes features; a feature imports
    // shared code and its own files, never another feature or app/; shared code imports neither.
    // (main.tsx, which mounts the app, belongs to no element and may import anything.)
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
      'boundaries/legacy-templates': false,
      'boundaries/elements': [
        { type: 'web-app', pattern: 'apps/web/src/app' },
        { type: 'web-feature', pattern: 'apps/web/src/features/*', capture: ['feature'] },
        { type: 'web-shared', pattern: 'apps/web/src/{components,lib,hooks,i18n,config,styles}' },
        { type: 'web-testing', pattern: 'apps/web/src/testing' },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          message: 'Imports go one way, app/ -> features -> shared code: {{ from.type }} must not import {{ to.type }}.',
          policies: [
            { from: { element: { type: ['web-app', 'web-testing'] } }, allow: { to: { element: { type: ['web-app', 'web-feature', 'web-shared', 'web-testing'] } } } },
            { from: { element: { type: 'web-feature' } }, allow: { to: { element: { type: ['web-shared', 'web-testing'] } } } },
            {
              from: { element: { type: 'web-feature' } },
              disallow: { to: { element: { type: 'web-feature' } } },
              message:
                'Features never import each other: features/{{ from.captured.feature }} imports features/{{ to.captured.feature }}. Move the shared piece to components/ or lib/, or compose both features in app/.',
            },
            { from: { element: { type: 'web-shared' } }, allow: { to: { element: { type: ['web-shared', 'web-testing'] } } } },
            {
              from: { element: { type: 'web-shared' } },
              disallow: { to: { element: { type: ['web-feature', 'web-app'] } } },
              message: 'Shared code (components, lib, hooks, i18n, config) must not import features or app.',
            },
          ],
        },
      ],
    },
  },
  ...serverLayers(),
  {
    // Journeys take `test` from support/test.ts: it closes the contexts a journey leaves open (e2e/README.md).
    files: ['e2e/tests/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', message: "Import from '../support/test.js': its `test` closes the browser contexts a journey leaves open." }] },
      ],
    },
  },
);

/**
 * The server's layers point one way: routes (with plugins, app.ts and server.ts) → auth (the
 * sign-in system, which makes profiles through the profile service) → services → repositories → db, storage, jobs, events, shared-state, media, lib, mail, metrics. Nothing imports a
 * layer above its own; context.ts, the composition root (with its context/ wiring modules), may import them all (routes and app.ts
 * take its AppContext), and cli/ may import the context. One config object per layer, since a
 * file's `no-restricted-imports` options come whole from the last object matching it.
 */
function serverLayers() {
  const src = (folder) => `apps/server/src/${folder}`;
  const upward = (...layers) => ({
    group: layers.map((layer) => (layer.endsWith('.js') ? `**/${layer}` : `**/${layer}/**`)),
    message: 'The server layers point one way: routes → services → repositories → db/storage/jobs/events/shared-state/lib (docs/ARCHITECTURE.md, "Layers").',
  });
  const noFiles = [
    { name: 'node:fs', message: 'Services and repositories reach files through the Storage interface.' },
    { name: 'node:fs/promises', message: 'Use the Storage interface.' },
    { name: 'fastify', message: 'Services know nothing of HTTP.' },
  ];
  const above = { auth: ['routes', 'plugins', 'cli', 'context.js', 'context', 'app.js', 'server.js'] };
  above.services = [...above.auth, 'auth'];
  above.repositories = [...above.services, 'services'];
  above.lower = [...above.repositories, 'repositories'];
  return [
    {
      files: [src('auth/**')],
      rules: { 'no-restricted-imports': ['error', { patterns: [upward(...above.auth)] }] },
    },
    {
      files: [src('services/**')],
      rules: { 'no-restricted-imports': ['error', { paths: noFiles, patterns: [upward(...above.services)] }] },
    },
    {
      // Routes reach data through services. The Subsonic adapter (routes/subsonic/) names the row
      // types of the repositories it reads its lists from, as types only.
      files: [src('routes/**'), src('plugins/**'), src('app.ts'), src('server.ts')],
      rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/repositories/**', '**/db/**'], allowTypeImports: true, message: 'Routes reach data through services (docs/ARCHITECTURE.md, "Layers").' }] }] },
    },
    {
      files: [src('repositories/**')],
      rules: { 'no-restricted-imports': ['error', { paths: noFiles, patterns: [upward(...above.repositories)] }] },
    },
    {
      files: ['db', 'storage', 'jobs', 'events', 'shared-state', 'media', 'lib', 'mail', 'metrics'].map((folder) => src(`${folder}/**`)).concat(src('config.ts')),
      rules: { 'no-restricted-imports': ['error', { patterns: [upward(...above.lower)] }] },
    },
  ];
}
