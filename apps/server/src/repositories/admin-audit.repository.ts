import type { Kysely, Selectable } from 'kysely';
import type { AdminAuditTable, Database } from '../db/schema.js';
import type { Db } from './track-query.js';

export type AuditRow = Selectable<AdminAuditTable> & { actor_name: string | null; actor_email: string | null };

export interface NewAuditEntry {
  id: string;
  actorId: string | null;
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
  at: string;
}

/** The admins' audit log: one row per admin action, written in the action's transaction when it has one. */
export class AdminAuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(entry: NewAuditEntry, db: Db = this.db): Promise<void> {
    await db
      .insertInto('admin_audit')
      .values({
        id: entry.id,
        actor_id: entry.actorId,
        action: entry.action,
        target_type: entry.targetType,
        target_id: entry.targetId,
        details: JSON.stringify(entry.details),
        created_at: entry.at,
      })
      .execute();
  }

  /** A page of the log, newest first (admin_audit_created_idx), with who acted as they are named now. */
  async list(offset: number, limit: number): Promise<AuditRow[]> {
    return this.db
      .selectFrom('admin_audit')
      .leftJoin('user', 'user.id', 'admin_audit.actor_id')
      .selectAll('admin_audit')
      .select(['user.name as actor_name', 'user.email as actor_email'])
      .orderBy('admin_audit.created_at', 'desc')
      .orderBy('admin_audit.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }
}
