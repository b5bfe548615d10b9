import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Debian's mpv (`apt-get install mpv`; .ci/run installs it) as the "any other player" of playlist
 * files: it opens each entry, decodes one second of its audio into the null output and says so.
 * Used against the loopback test server only. mpv (0.35) reads M3U/M3U8 natively but not XSPF
 * ("Failed to recognize file format"): an XSPF's entries are handed to it as its `<location>`s.
 * Nothing here imports vitest.
 */

export const MPV = process.env.MPV_PATH ?? 'mpv';

export interface MpvRun {
  code: number | null;
  output: string;
  /** Per entry mpv played, in order: what it opened ("Playing: …") and whether an audio output started for it ("AO: …"). */
  entries: Array<{ playing: string; audioOutput: boolean }>;
}

/**
 * Runs mpv with no sound card, no video, one second per entry, on these arguments (a
 * `--playlist=<file>`, or locations). `--gapless-audio=no` closes the audio output after each
 * entry, so each one that decodes prints its own "AO:" line.
 */
export function runMpv(args: string[], cwd = os.tmpdir()): Promise<MpvRun> {
  return new Promise((resolve, reject) => {
    execFile(
      MPV,
      ['--ao=null', '--vo=null', '--no-config', '--length=1', '--msg-level=all=info', '--gapless-audio=no', ...args],
      { cwd, timeout: 60_000, env: { ...process.env, HOME: os.tmpdir(), XDG_CONFIG_HOME: os.tmpdir() } },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== 'number') return reject(error);
        const output = `${stdout}\n${stderr}`;
        const entries: MpvRun['entries'] = [];
        for (const line of output.split('\n')) {
          const playing = /^Playing: (.+)$/.exec(line.trim());
          if (playing) entries.push({ playing: playing[1]!, audioOutput: false });
          else if (/^AO: \[null\]/.test(line.trim())) {
            // One file alone is played without a "Playing:" line.
            if (entries.length === 0) entries.push({ playing: args[args.length - 1]!, audioOutput: true });
            else entries[entries.length - 1]!.audioOutput = true;
          }
        }
        resolve({ code: error ? (error.code as unknown as number) : 0, output, entries });
      },
    );
  });
}

/** Writes `text` to a fresh temporary file named `name` and returns its path. */
export function tempFile(name: string, text: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-mpv-'));
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
}
