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
  ...serverLayers(),
);

/**
 * The server's layers point one way: routes (with plugins, app.ts and server.ts) → auth (the
 * sign-in system, which makes profiles through the profile service) → services → repositories → db, storage, jobs, events, shared-state, media, lib. Nothing imports a
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
      files: ['db', 'storage', 'jobs', 'events', 'shared-state', 'media', 'lib'].map((folder) => src(`${folder}/**`)).concat(src('config.ts')),
      rules: { 'no-restricted-imports': ['error', { patterns: [upward(...above.lower)] }] },
    },
  ];
}
