import { type Kysely, sql } from 'kysely';

/*
 * Data exports ("Download my data"): one row per request. status 'building' while the
 * `data-export` job makes the ZIP, then 'ready' (storage_key, size_bytes, expires_at set) or
 * 'failed'. `locale` is the language the ready-mail is written in (the requester's browser's). A user has at most one building export: data_exports_building_idx is unique over
 * user_id where status = 'building' (a partial index, on both engines), so two requests at once
 * make one export and the other a 409. data_exports_expiry_idx serves the sweep of expired ones.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('data_exports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text')
    .addColumn('size_bytes', 'bigint')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('ready_at', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .execute();
  await db.schema.createIndex('data_exports_user_idx').on('data_exports').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('data_exports_building_idx').unique().on('data_exports').column('user_id').where(sql.ref('status'), '=', 'building').execute();
  await db.schema.createIndex('data_exports_expiry_idx').on('data_exports').column('expires_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('data_exports').execute();
}
