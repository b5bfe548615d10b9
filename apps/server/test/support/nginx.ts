import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Debian's nginx running deploy/nginx-local-media.conf as it is, with this machine's paths and
 * ports and one worker: for the test of the media path through nginx and for bench/media.bench.ts.
 * Nothing here imports vitest.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
export const DEPLOY_MEDIA_CONF = path.join(repoRoot, 'deploy/nginx-local-media.conf');

/** Whether an nginx binary answers `nginx -v`. */
export function hasNginx(): boolean {
  return spawnSync('nginx', ['-v'], { stdio: 'ignore' }).status === 0;
}

export interface NginxOptions {
  /** Where nginx keeps its pid, logs, temporary files and cache. */
  workDir: string;
  port: number;
  /** The Platter instance (MEDIA_ACCEL_REDIRECT=/_platter_media/) it sits in front of. */
  upstreamPort: number;
  /** That instance's DATA_DIR/media. */
  mediaDir: string;
  /** A change to the deployed file, e.g. every /media request proxied instead of authorized. */
  edit?: (conf: string) => string;
}

/** The deploy file with this machine's paths and ports. */
export function nginxConfig({ workDir, port, upstreamPort, mediaDir, edit = (conf) => conf }: NginxOptions): string {
  const asRoot = process.getuid?.() === 0 ? 'user root;' : '';
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${workDir}/tmp;`).join(' ');
  const conf = fs
    .readFileSync(DEPLOY_MEDIA_CONF, 'utf8')
    .replace('worker_processes auto;', `daemon off; worker_processes 1; ${asRoot} pid ${workDir}/nginx.pid; error_log ${workDir}/error.log warn;`)
    .replace('http {', `http {\n  access_log off; keepalive_requests 100000; ${temp}`)
    .replace('server 127.0.0.1:8080;', `server 127.0.0.1:${upstreamPort};`)
    .replace('listen 80;', `listen 127.0.0.1:${port};`)
    .replaceAll('/var/lib/platter/media/', `${mediaDir.replace(/\/+$/, '')}/`)
    .replace('/var/cache/nginx/platter-media', `${workDir}/cache`);
  return edit(conf);
}

/** Starts nginx and resolves once it answers on its port. */
export async function startNginx(options: NginxOptions): Promise<{ child: ChildProcess; baseUrl: string; stop(): Promise<void> }> {
  fs.mkdirSync(path.join(options.workDir, 'tmp'), { recursive: true });
  const file = path.join(options.workDir, 'nginx.conf');
  fs.writeFileSync(file, nginxConfig(options));
  const child = spawn('nginx', ['-c', file, '-p', options.workDir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr}`);
    try {
      await fetch(`${baseUrl}/api/health`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${baseUrl}: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    child,
    baseUrl,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
