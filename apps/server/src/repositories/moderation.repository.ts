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
      .select(['user.id as id', 'user.email as email', 'profiles.display_name as display_name', 'profiles.status as status', 'profiles.tracks_count as tracks_count']);
  }

  /** Users whose email or display name contains the text (lower-cased by the caller); all, newest first, when empty. */
  async searchUsers(lowerText: string, limit: number): Promise<UserRow[]> {
    let query = this.users();
    if (lowerText) {
      query = query.where((eb) => eb.or([containsText(eb.fn('lower', [eb.ref('user.email')]), lowerText), containsText(eb.ref('profiles.search_name'), lowerText)]));
    }
    return query.orderBy('profiles.created_at', 'desc').limit(limit).execute();
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
