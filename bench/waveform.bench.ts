/**
 * Waveform peaks: how long the worker takes from a stored file to 800 peaks (read from storage,
 * streamed to the worker thread, decoded, folded), for MP3s of 45 s (a demo track) and 3 and 10
 * minutes, and a 3-minute WAV; and how long an API request waits meanwhile (it should not).
 *
 *   npx tsx --conditions=source bench/waveform.bench.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../apps/server/src/config.js';
import { createContext } from '../apps/server/src/context.js';
import { makeMp3, makeWav } from '../apps/server/test/support/audio-fixtures.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-bench-'));
const context = await createContext(loadConfig({ DATA_DIR: dataDir, PLATTER_DEMO: '0', NODE_ENV: 'test', BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret' }));
try {
  const auth = await context.auth.$context;
  const user = await auth.internalAdapter.createUser({ name: 'Bench', email: 'bench@example.com' }, { method: 'admin' });
  await context.services.profiles.ensureForUser(user);
  const files: Array<[string, Buffer, string]> = [
    ['MP3 45 s (64 kbit/s mono)', await makeMp3(45), 'audio/mpeg'],
    ['MP3 3 min', await makeMp3(180), 'audio/mpeg'],
    ['MP3 10 min', await makeMp3(600), 'audio/mpeg'],
    ['WAV 3 min (16-bit mono 44.1 kHz)', makeWav(180, 44100), 'audio/wav'],
  ];
  console.log('| file | size | peaks ready (ms) | slowest catalogue count meanwhile (ms) |');
  console.log('| --- | --- | --- | --- |');
  for (const [label, bytes, type] of files) {
    const id = `w${Math.random().toString(36).slice(2)}`;
    const key = `bench/${id}`;
    await context.storage.put(key, bytes);
    await context.database.db
      .insertInto('tracks')
      .values({ id, title: label, genre: 'Other', artist_id: user.id, storage_key: key, content_type: type, size_bytes: bytes.length, duration: null, search_text: label.toLowerCase(), created_at: new Date().toISOString() })
      .execute();
    // Meanwhile the event loop answers a cheap query every 5 ms; the slowest shows any blocking.
    let slowest = 0;
    let running = true;
    const probe = (async () => {
      while (running) {
        const start = performance.now();
        await context.repositories.tracks.count({});
        slowest = Math.max(slowest, performance.now() - start);
        await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const started = performance.now();
    await context.services.waveforms.enqueue(id);
    await context.jobs.idle();
    const ms = performance.now() - started;
    running = false;
    await probe;
    const status = (await context.services.waveforms.get(id, undefined)).status;
    console.log(`| ${label} | ${(bytes.length / 1024 / 1024).toFixed(1)} MB | ${ms.toFixed(0)} (${status}) | ${slowest.toFixed(1)} |`);
  }
} finally {
  await context.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
