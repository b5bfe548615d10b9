import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

export interface S3TestServer {
  /** http://127.0.0.1:<port> */
  endpoint: string;
  bucket: string;
  /** What a Platter instance needs to use this bucket: S3_BUCKET, S3_ENDPOINT, credentials, path style. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

/** s3rver's built-in account. */
const ACCESS_KEY = 'S3RVER';

/**
 * A real S3-protocol server process for tests (s3rver, run by s3-server.runner.mjs in its own
 * Node process) on 127.0.0.1 with a fresh directory and one bucket that allows browsers' CORS
 * requests. Used by the storage contract suite, the S3 integration tests, the scale-out suite and
 * bench, and the browser journey on S3 (e2e/s3-setup.ts).
 *
 * Know its gaps: s3rver parses but does not verify V4 signatures (so a presigned URL's signed
 * Content-Length and Content-Type are not enforced here; storage/s3.storage.test.ts checks what
 * Platter signs, and POST /api/tracks checks the object itself), it reads a suffix range
 * (`bytes=-3`) as a prefix (`0-3`) and answers `bytes=0-0` with the whole object; Platter asks the
 * bucket for neither, and browsers seeking against a real bucket get S3's own answers.
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<S3TestServer> {
  const bucket = options.bucket ?? 'platter-test';
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-s3-'));
  const runner = path.join(import.meta.dirname, 's3-server.runner.mjs');
  const child = spawn(process.execPath, [runner, directory, bucket], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start within 20 s: ${stderr}`)), 20_000);
    const lines = readline.createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      clearTimeout(timer);
      try {
        resolve((JSON.parse(line) as { port: number }).port);
      } catch {
        reject(new Error(`s3rver printed ${line}: ${stderr}`));
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited (${code}) before listening: ${stderr}`));
    });
  });

  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: '1',
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(killer);
      }
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
