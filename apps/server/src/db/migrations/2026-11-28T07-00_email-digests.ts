import type { Kysely } from 'kysely';

/*
 * Notification emails (issue 28): opt-in per kind, at most one digest a day.
 * - email_digest_optins: the kinds a user asked to have emailed (absent: not emailed).
 * - email_digests: per user, when the last digest went (`last_sent_at`), the newest notification it
 *   covered (`covered_until`: the next digest lists only newer ones), and the origin links point at
 *   (`origin`: the site the user turned digests on from, used when PUBLIC_URL is unset), and the
 *   language the digest is written in (`locale`: the app's language when they turned digests on).
 */

type AnyDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('email_digest_optins')
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('email_digest_optins_pk', ['user_id', 'kind'])
    .execute();
  await db.schema
    .createTable('email_digests')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('last_sent_at', 'text')
    .addColumn('covered_until', 'text')
    .addColumn('origin', 'text')
    .addColumn('locale', 'text')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('email_digests').execute();
  await db.schema.dropTable('email_digest_optins').execute();
}
