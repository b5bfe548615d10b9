import type { Kysely, Selectable, Transaction } from 'kysely';
import type { ContactMessagesTable, Database, ProfilesTable, ReportsTable } from '../db/schema.js';
import { containsText } from './track-query.js';


export type ReportRow = Selectable<ReportsTable> & { reporter_name: string | null };
export type ContactMessageRow = Selectable<ContactMessagesTable>;
export interface UserRow {
  id: string;
  email: string;
  display_name: string;
  status: ProfilesTable['status'];
  tracks_count: number;
  is_artist: number;
  is_admin: number;
  suspended_at: string | null;
  created_at: string;
}

/** The admins' side: the report queue, contact messages and user statuses. */
export class ModerationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private reports() {
    return this.db
      .selectFrom('reports')
      .leftJoin('profiles', 'profiles.id', 'reports.user_id')
      .selectAll('reports')
      .select('profiles.display_name as reporter_name');
  }

  async listReports(status: 'open' | 'dismissed' | 'hidden', limit: number): Promise<ReportRow[]> {
    return this.reports().where('reports.status', '=', status).orderBy('reports.created_at', 'desc').orderBy('reports.id').limit(limit).execute();
  }

  async getReport(id: string): Promise<ReportRow | undefined> {
    return this.reports().where('reports.id', '=', id).executeTakeFirst();
  }

  /** Open reports per track, for the given tracks. */
  async openCounts(trackIds: string[]): Promise<Map<string, number>> {
    if (trackIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('reports')
      .select(['track_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('status', '=', 'open')
      .where('track_id', 'in', trackIds)
      .groupBy('track_id')
      .execute();
    return new Map(rows.map((r) => [r.track_id, Number(r.n)]));
  }

  /** Marks one report reviewed; false when it was not open any more (another admin got there first). */
  async resolve(trx: Transaction<Database> | Kysely<Database>, id: string, status: 'dismissed' | 'hidden', by: string, at: string): Promise<boolean> {
    const result = await trx
      .updateTable('reports')
      .set({ status, reviewed_by: by, reviewed_at: at })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Resolves every open report of a track, when the track is hidden. */
  async resolveOpenForTrack(trx: Transaction<Database>, trackId: string, by: string, at: string): Promise<void> {
    await trx
      .updateTable('reports')
      .set({ status: 'hidden', reviewed_by: by, reviewed_at: at })
      .where('track_id', '=', trackId)
      .where('status', '=', 'open')
      .execute();
  }

  async addContactMessage(message: ContactMessageRow): Promise<void> {
    await this.db.insertInto('contact_messages').values(message).execute();
  }

  async listContactMessages(limit: number): Promise<ContactMessageRow[]> {
    return this.db.selectFrom('contact_messages').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
  }

  private users() {
    return this.db
      .selectFrom('user')
      .innerJoin('profiles', 'profiles.id', 'user.id')
      .select([
        'user.id as id',
        'user.email as email',
        'profiles.display_name as display_name',
        'profiles.status as status',
        'profiles.tracks_count as tracks_count',
        'profiles.is_artist as is_artist',
        'profiles.is_admin as is_admin',
        'profiles.suspended_at as suspended_at',
        'profiles.created_at as created_at',
      ]);
  }

  /**
   * Users whose email or display name contains the text (lower-cased by the caller), newest first;
   * all of them when it is empty, only suspended ones when asked. `limit` rows from `offset`.
   */
  async searchUsers(lowerText: string, options: { offset: number; limit: number; suspendedOnly?: boolean }): Promise<UserRow[]> {
    let query = this.users();
    if (lowerText) {
      query = query.where((eb) => eb.or([containsText(eb.fn('lower', [eb.ref('user.email')]), lowerText), containsText(eb.ref('profiles.search_name'), lowerText)]));
    }
    if (options.suspendedOnly) query = query.where('profiles.suspended_at', 'is not', null);
    return query.orderBy('profiles.created_at', 'desc').orderBy('user.id').offset(options.offset).limit(options.limit).execute();
  }

  /** Marks the profile suspended (`at`) or not (null). */
  async setSuspended(trx: Transaction<Database>, userId: string, at: string | null): Promise<void> {
    await trx.updateTable('profiles').set({ suspended_at: at, updated_at: at ?? new Date().toISOString() }).where('id', '=', userId).execute();
  }

  async setRole(trx: Transaction<Database>, userId: string, changes: { is_admin: number; is_artist: number }): Promise<void> {
    await trx.updateTable('profiles').set({ ...changes, updated_at: new Date().toISOString() }).where('id', '=', userId).execute();
  }

  /** Ends every session of the user (better-auth's rows: the next request with one of them is signed out). */
  async endSessions(trx: Transaction<Database>, userId: string): Promise<number> {
    const result = await trx.deleteFrom('session').where('userId', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async getUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.users()
      .where((eb) => eb(eb.fn('lower', [eb.ref('user.email')]), '=', email.toLowerCase()))
      .executeTakeFirst();
  }

  async getUser(id: string): Promise<UserRow | undefined> {
    return this.users().where('user.id', '=', id).executeTakeFirst();
  }
}
