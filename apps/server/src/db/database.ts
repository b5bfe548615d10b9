import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { Database } from './schema.js';

export type DialectName = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

// COUNT(*) and SUM() come back from Postgres as int8 strings; Platter's counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

/** Opens Postgres when a URL is given, otherwise SQLite in WAL mode at `${dataDir}/platter.db`. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string; poolSize?: number }): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy() };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const sqlite = new SqliteDatabase(path.join(options.dataDir, 'platter.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite) }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * better-sqlite3 as Kysely sees it, with prepared statements kept by their SQL: Kysely prepares
 * every query anew, and preparing costs more than running most of Platter's queries. A statement is
 * only ever used by one query at a time: Kysely runs one query at a time on its one connection.
 */
function keepingStatements(sqlite: SqliteDatabase.Database): KyselySqliteDatabase {
  const statements = new LRUCache<string, SqliteDatabase.Statement>({ max: 1000 });
  return {
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}
