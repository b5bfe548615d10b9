import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface SessionWithUser {
  expiresAt: Date;
  sessionId: string;
  user: { id: string; email: string; name: string; admin: boolean };
  /** The account is suspended: the session does not count (suspension deletes them too). */
  suspended: boolean;
}

/** What an account may do beyond its sessions: whether it is suspended, whether the app made it an admin. */
export interface Standing {
  suspended: boolean;
  admin: boolean;
}

/** better-auth's sessions, read for the session plugin's fast path (better-auth writes them). */
export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The session holding this token, with its user and the account's standing, in one read of the unique token index. */
  async findWithUser(token: string): Promise<SessionWithUser | undefined> {
    const row = await this.db
      .selectFrom('session')
      .innerJoin('user', 'user.id', 'session.userId')
      .leftJoin('profiles', 'profiles.id', 'session.userId')
      .select(['session.id as sessionId', 'session.expiresAt', 'user.id', 'user.email', 'user.name', 'profiles.suspended_at', 'profiles.is_admin'])
      .where('session.token', '=', token)
      .executeTakeFirst();
    // SQLite holds better-auth's dates as ISO text, PostgreSQL as timestamptz.
    return (
      row && {
        expiresAt: new Date(row.expiresAt),
        sessionId: row.sessionId,
        user: { id: row.id, email: row.email, name: row.name, admin: row.is_admin === 1 },
        suspended: Boolean(row.suspended_at),
      }
    );
  }

  /** The account's standing, for a session better-auth answered (the fast path reads it with the session). */
  async standing(userId: string): Promise<Standing> {
    const row = await this.db.selectFrom('profiles').select(['suspended_at', 'is_admin']).where('id', '=', userId).executeTakeFirst();
    return { suspended: Boolean(row?.suspended_at), admin: row?.is_admin === 1 };
  }
}
