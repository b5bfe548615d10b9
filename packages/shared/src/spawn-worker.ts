import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread from the module next to `callerUrl` named `name` (without extension).
 * Compiled (dist/*.js) the entry is plain JS. From TypeScript source (vitest, tsx in dev) it is
 * the .ts file: Node 20 ignores `--import tsx` for a worker's entry module, so a tiny bootstrap
 * registers tsx's ESM hooks first and then imports the entry (tsx is then needed, as a dev
 * dependency of the workspace that runs from source).
 *
 * Node only, for the server's waveform worker and the demo-music package's renderers: exported as
 * `@platter/shared/spawn-worker` and not from the package root, which the web app imports.
 */
export function spawnWorker(callerUrl: string, name: string): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, callerUrl));
  const entry = new URL(`./${name}.ts`, callerUrl).href;
  const bootstrap = `import(${JSON.stringify(tsxEsmApiUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { eval: true });
}

/** URL of tsx's ESM register API (`tsx/esm/api`, import condition), read from its package.json. */
function tsxEsmApiUrl(): string {
  const pkgPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { exports?: Record<string, { import?: { default?: string } }> };
  const target = pkg.exports?.['./esm/api']?.import?.default;
  if (!target) throw new Error('tsx/esm/api not found');
  return pathToFileURL(join(dirname(pkgPath), target)).href;
}
