// The C subscribers of the live-event benches (sse-fanout.c), compiled with the machine's `cc` once
// per version of the source (its hash in the binary's name, in the temporary directory).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The path of the compiled sse-fanout, built first if this version of the source has no binary yet. */
export function sseFanoutBinary() {
  const source = new URL('./sse-fanout.c', import.meta.url).pathname;
  const digest = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 12);
  const binary = path.join(os.tmpdir(), `platter-sse-fanout-${digest}`);
  if (!existsSync(binary)) execFileSync('cc', ['-O2', '-o', binary, source], { stdio: 'inherit' });
  return binary;
}
