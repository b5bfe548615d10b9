import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface SessionWithUser {
  expiresAt: Date;
  sessionId: string;
  user: { id: string; email: string; name: string };
}

/** better-auth's sessions, read for the session plugin's fast path (better-auth writes them). */
export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The session holding this token, with its user, in one read of the unique token index. */
  async findWithUser(token: string): Promise<SessionWithUser | undefined> {
    const row = await this.db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .select(['session.id as sessionId', 'session.expiresAt', 'user.id', 'user.email', 'user.name'])
      .where('session.token', '=', token)
      .executeTakeFirst();
    // SQLite holds better-auth's dates as ISO text, PostgreSQL as timestamptz.
    return row && { expiresAt: new Date(row.expiresAt), sessionId: row.sessionId, user: { id: row.id, email: row.email, name: row.name } };
  }
}
