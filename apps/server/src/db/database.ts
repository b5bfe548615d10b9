import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type KyselyConfig, type LogEvent, PostgresDialect, SqliteDialect, type SqliteDatabase as KyselySqliteDatabase } from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type { DialectName } from './dialect.js';
import type { Database } from './schema.js';

export type { DialectName } from './dialect.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** PostgreSQL's pool counters (for /metrics); undefined on SQLite, one connection and no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** Told of every query Kysely runs: its SQL, how long it took, and whether it failed. */
export type QueryObserver = (sqlText: string, seconds: number, failed: boolean) => void;

function kyselyLog(observe: QueryObserver | undefined): KyselyConfig['log'] {
  if (!observe) return undefined;
  return (event: LogEvent) => observe(event.query.sql, event.queryDurationMillis / 1000, event.level === 'error');
}

// COUNT(*) and SUM() come back from Postgres as int8 strings; Platter's counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number.parseFloat(v));

/** Opens Postgres when a URL is given, otherwise SQLite in WAL mode at `${dataDir}/platter.db`. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string; poolSize?: number; onQuery?: QueryObserver }): DatabaseHandle {
  const log = kyselyLog(options.onQuery);
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    return {
      db,
      dialect: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => db.destroy(),
    };
  }
  fs.mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, 'platter.db');
  const sqlite = new SqliteDatabase(file);
  // WAL with synchronous=NORMAL: a commit appends to the WAL without an fsync, so a committed
  // transaction survives the process being killed (kill -9, a crash) but the last ones may not
  // survive a power loss or an OS crash; the database is never corrupted either way.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
  // 32 MB of page cache instead of SQLite's 2 MB: at a million tracks the search index's pages and
  // the tables' upper B-tree levels stay in memory between requests (a search's index walk took
  // half the time in bench/catalogue.md's probe). It fills only as pages are read.
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  const checkpointer = startCheckpointer(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: keepingStatements(sqlite) }), log });
  return {
    db,
    dialect: 'sqlite',
    close: async () => {
      await checkpointer.stop();
      await db.destroy();
    },
  };
}

/**
 * A checkpoint copies the WAL's pages into the database file and fsyncs it. Run by the connection
 * that commits (SQLite's default, every 1000 pages), it blocked the event loop for three quarters
 * of a listen batch's commit. So a worker thread with its own connection runs a PASSIVE checkpoint
 * every CHECKPOINT_INTERVAL_MS, which never waits for or blocks the writer. The writer's own
 * automatic checkpoint stays, at WRITER_CHECKPOINT_PAGES (40 MB): it then finds the WAL copied all
 * but its last pages, and it is what rewinds the WAL (SQLite rewinds it only when a writer begins
 * after a complete checkpoint, which a busy writer rarely does after the worker's).
 */
const CHECKPOINT_INTERVAL_MS = 100;
const WRITER_CHECKPOINT_PAGES = 10_000;
const PAGE_CACHE_KIB = 32 * 1024;

/** The checkpointing thread: plain JavaScript, so it runs the same from the sources and from dist. */
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
}, workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

function startCheckpointer(file: string): { stop(): Promise<void> } {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(CHECKPOINTER_SOURCE, { eval: true, workerData: { driver, file, intervalMs: CHECKPOINT_INTERVAL_MS } });
  worker.unref();
  let reported = false;
  worker.on('message', (message: { error?: string }) => {
    // Reported once: the writer's own checkpoints still run, so nothing is lost but speed.
    if (message.error && !reported) console.warn(`platter: background WAL checkpoint failed: ${message.error}`);
    reported ||= Boolean(message.error);
  });
  worker.on('error', (error) => console.warn('platter: the WAL checkpoint thread stopped', error));
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  return {
    async stop() {
      // Unreferenced, the thread would not keep the process alive while it stops: a CLI whose only
      // remaining work is this close would exit (status 0) before the await below resolved.
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
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
