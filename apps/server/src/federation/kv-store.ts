import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Milliseconds of a Temporal.Duration (Fedify passes its TTLs and delays as durations). */
export function durationMs(duration: { total(options: { unit: 'millisecond' }): number } | undefined): number | undefined {
  return duration === undefined ? undefined : duration.total({ unit: 'millisecond' });
}

/**
 * Fedify's key–value store over one Kysely table (`fedify_kv`), the same code on SQLite and
 * PostgreSQL: Fedify keeps caches of remote keys and documents, inbox idempotence and delivery
 * bookkeeping here. A key is the JSON of its parts; a row past `expires_at` reads as absent and is
 * swept now and then by `set`.
 */
export class KyselyKvStore implements KvStore {
  private writes = 0;

  constructor(private readonly db: Kysely<Database>) {}

  private static encode(key: KvKey): string {
    return JSON.stringify(key);
  }

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = await this.db.selectFrom('fedify_kv').select(['value', 'expires_at']).where('key', '=', KyselyKvStore.encode(key)).executeTakeFirst();
    if (!row || (row.expires_at !== null && row.expires_at <= new Date().toISOString())) return undefined;
    return JSON.parse(row.value) as T;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const ttl = durationMs(options?.ttl);
    const row = {
      key: KyselyKvStore.encode(key),
      value: JSON.stringify(value ?? null),
      expires_at: ttl === undefined ? null : new Date(Date.now() + ttl).toISOString(),
    };
    await this.db
      .insertInto('fedify_kv')
      .values(row)
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, expires_at: row.expires_at }))
      .execute();
    // Expired rows go a batch at a time, every so many writes, rather than by a schedule of their own.
    if (++this.writes % 500 === 0) await this.db.deleteFrom('fedify_kv').where('expires_at', '<=', new Date().toISOString()).execute();
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.deleteFrom('fedify_kv').where('key', '=', KyselyKvStore.encode(key)).execute();
  }

  async cas(key: KvKey, expectedValue: unknown, newValue: unknown, options?: KvStoreSetOptions): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const encoded = KyselyKvStore.encode(key);
      const row = await trx.selectFrom('fedify_kv').select(['value', 'expires_at']).where('key', '=', encoded).executeTakeFirst();
      const live = row && (row.expires_at === null || row.expires_at > new Date().toISOString()) ? row.value : undefined;
      const expected = expectedValue === undefined ? undefined : JSON.stringify(expectedValue);
      if (live !== expected) return false;
      const ttl = durationMs(options?.ttl);
      const values = { value: JSON.stringify(newValue ?? null), expires_at: ttl === undefined ? null : new Date(Date.now() + ttl).toISOString() };
      if (row) {
        const updated = await trx.updateTable('fedify_kv').set(values).where('key', '=', encoded).where('value', '=', row.value).executeTakeFirst();
        return Number(updated.numUpdatedRows) === 1;
      }
      const inserted = await trx.insertInto('fedify_kv').values({ key: encoded, ...values }).onConflict((oc) => oc.column('key').doNothing()).returning('key').executeTakeFirst();
      return inserted !== undefined;
    });
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    let query = this.db.selectFrom('fedify_kv').select(['key', 'value']).where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', new Date().toISOString())]));
    if (prefix) {
      const exact = KyselyKvStore.encode(prefix);
      // `["a","b"` followed by `,`: every longer key with these first parts (JSON escapes quotes, so a part never ends early).
      const start = `${exact.slice(0, -1)},`;
      query = query.where((eb) => eb.or([eb('key', '=', exact), eb.and([eb('key', '>=', start), eb('key', '<', `${start}\uffff`)])]));
    }
    for (const row of await query.orderBy('key').execute()) {
      yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) as unknown };
    }
  }
}
