import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './database.js';

describe('openDatabase on SQLite', () => {
  const dirs: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  function open() {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'platter-db-'));
    dirs.push(dataDir);
    return openDatabase({ dataDir });
  }

  it('keeps 32 MB of pages in memory, not SQLite\'s default 2 MB', async () => {
    const handle = open();
    const { rows } = await sql<{ cache_size: number }>`PRAGMA cache_size`.execute(handle.db);
    expect(rows[0]?.cache_size).toBe(-32 * 1024);
    await handle.close();
  });

  it('prepares each SQL text once and reuses the statement, with new parameters each time', async () => {
    const prepare = vi.spyOn(SqliteDatabase.prototype, 'prepare');
    const handle = open();
    await sql`CREATE TABLE numbers (n integer)`.execute(handle.db);
    for (const n of [1, 2, 3]) await sql`INSERT INTO numbers (n) VALUES (${n})`.execute(handle.db);
    const above = async (n: number) => (await sql<{ n: number }>`SELECT n FROM numbers WHERE n > ${n} ORDER BY n`.execute(handle.db)).rows.map((r) => r.n);
    expect(await above(0)).toEqual([1, 2, 3]);
    expect(await above(2)).toEqual([3]);
    const texts = prepare.mock.calls.map(([text]) => text);
    expect(texts.filter((text) => text.startsWith('INSERT'))).toHaveLength(1);
    expect(texts.filter((text) => text.startsWith('SELECT n'))).toHaveLength(1);
    await handle.close();
  });

  it('copies committed pages into the database file from its checkpoint thread, well before the writer would', async () => {
    const handle = open();
    await sql`CREATE TABLE rows (n integer, text text)`.execute(handle.db);
    const file = path.join(dirs.at(-1) as string, 'platter.db');
    const size = () => fs.statSync(file).size;
    const before = size();
    // About 100 pages: far below the writer's own checkpoint (10,000 pages), so only the thread's
    // checkpoint puts them in the database file.
    for (let i = 0; i < 100; i++) await sql`INSERT INTO rows (n, text) VALUES (${i}, ${'x'.repeat(4000)})`.execute(handle.db);
    const deadline = Date.now() + 5000;
    while (size() <= before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(size()).toBeGreaterThan(before + 100 * 4000);
    await handle.close();
  });

  it('answers a kept statement by the current schema after the table changes', async () => {
    const handle = open();
    await sql`CREATE TABLE things (a integer)`.execute(handle.db);
    await sql`INSERT INTO things (a) VALUES (1)`.execute(handle.db);
    const all = async () => (await sql`SELECT * FROM things`.execute(handle.db)).rows;
    expect(await all()).toEqual([{ a: 1 }]);
    await sql`ALTER TABLE things ADD COLUMN b integer DEFAULT 7`.execute(handle.db);
    expect(await all()).toEqual([{ a: 1, b: 7 }]);
    await handle.close();
  });
});
