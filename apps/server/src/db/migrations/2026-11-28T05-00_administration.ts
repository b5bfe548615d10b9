import { type Kysely, sql } from 'kysely';

/*
 * Administration: a profile can be suspended (`suspended_at`, null when it is not) and made an
 * admin (`is_admin`, on top of ADMIN_EMAILS); a suspended owner's tracks carry `suspended`, which
 * joins `hidden` (= moderated OR suspended OR visibility <> 'public'), so they leave every list,
 * counter and search index as a hidden track does and come back when the suspension is lifted.
 * `admin_audit` records every admin action: who, what, on what, when, and its details as JSON.
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('profiles').addColumn('suspended_at', 'text').execute();
  await db.schema.alterTable('profiles').addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable('tracks').addColumn('suspended', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createTable('admin_audit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('actor_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('admin_audit_created_idx').on('admin_audit').columns(['created_at', 'id']).execute();
  // Few rows: only suspended profiles (the admin list's filter, the sign-in check reads by id).
  await db.schema.createIndex('profiles_suspended_idx').on('profiles').column('suspended_at').where(sql.ref('suspended_at'), 'is not', null).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('profiles_suspended_idx').execute();
  await db.schema.dropTable('admin_audit').execute();
  await db.schema.alterTable('tracks').dropColumn('suspended').execute();
  await db.schema.alterTable('profiles').dropColumn('is_admin').execute();
  await db.schema.alterTable('profiles').dropColumn('suspended_at').execute();
}
