import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Temporal } from '@js-temporal/polyfill';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database.js';
import { KyselyKvStore } from './kv-store.js';

describe('KyselyKvStore (Fedify’s key–value store over a table)', () => {
  let dataDir: string;
  let handle: DatabaseHandle;
  let kv: KyselyKvStore;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-kv-'));
    handle = openDatabase({ dataDir });
    // The table of migration federation.
    await handle.db.schema.createTable('fedify_kv').addColumn('key', 'text', (c) => c.primaryKey()).addColumn('value', 'text', (c) => c.notNull()).addColumn('expires_at', 'text').execute();
    kv = new KyselyKvStore(handle.db);
  });
  afterEach(async () => {
    await handle.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sets, gets, overwrites and deletes JSON values by key', async () => {
    expect(await kv.get(['a'])).toBeUndefined();
    await kv.set(['a', 'b'], { n: 1, list: [1, 'x'] });
    expect(await kv.get(['a', 'b'])).toEqual({ n: 1, list: [1, 'x'] });
    await kv.set(['a', 'b'], 'second');
    expect(await kv.get(['a', 'b'])).toBe('second');
    await kv.delete(['a', 'b']);
    expect(await kv.get(['a', 'b'])).toBeUndefined();
  });

  it('reads a value past its TTL as absent, and one within it as there', async () => {
    await kv.set(['gone'], 1, { ttl: Temporal.Duration.from({ milliseconds: 0 }) });
    await kv.set(['kept'], 2, { ttl: Temporal.Duration.from({ hours: 1 }) });
    expect(await kv.get(['gone'])).toBeUndefined();
    expect(await kv.get(['kept'])).toBe(2);
    const listed = [];
    for await (const entry of kv.list()) listed.push(entry.key);
    expect(listed).toEqual([['kept']]);
  });

  it('lists by prefix of whole parts: ["a","b"] holds ["a","b"] and ["a","b","c"], never ["a","bc"]', async () => {
    for (const key of [['a', 'b'], ['a', 'b', 'c'], ['a', 'bc'], ['a'], ['b', 'b']] as const) await kv.set(key, key.join('/'));
    const keys = async (prefix?: readonly [string, ...string[]]) => {
      const found = [];
      for await (const entry of kv.list(prefix)) found.push(entry.value);
      return found.sort();
    };
    expect(await keys(['a', 'b'])).toEqual(['a/b', 'a/b/c']);
    expect(await keys(['a'])).toEqual(['a', 'a/b', 'a/b/c', 'a/bc']);
    expect(await keys()).toHaveLength(5);
  });

  it('compares and swaps: only from the expected value (undefined: only when absent)', async () => {
    expect(await kv.cas(['c'], undefined, 1)).toBe(true);
    expect(await kv.cas(['c'], undefined, 2)).toBe(false);
    expect(await kv.cas(['c'], 5, 2)).toBe(false);
    expect(await kv.cas(['c'], 1, 2)).toBe(true);
    expect(await kv.get(['c'])).toBe(2);
  });
});
