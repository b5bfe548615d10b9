import type { AuditEntry } from '@platter/shared';
import { ADMIN_PAGE_SIZE } from '@platter/shared';
import type { Actor } from '../lib/actor.js';
import { ForbiddenError } from '../lib/errors.js';
import { newId, nowIso } from '../lib/ids.js';
import type { AdminAuditRepository, AuditRow } from '../repositories/admin-audit.repository.js';
import type { Db } from '../repositories/track-query.js';

/** What an admin did to what: `user.suspend`, `track.hide`, `report.dismiss`… */
export interface AuditAction {
  action: string;
  targetType: 'user' | 'track' | 'report';
  targetId: string;
  details?: Record<string, unknown>;
}

function parseDetails(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
  } catch {
    return { text };
  }
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    actorId: row.actor_id,
    actorName: row.actor_name,
    actorEmail: row.actor_email,
    action: row.action,
    targetType: row.target_type,
    targetId: row.target_id,
    details: parseDetails(row.details),
    createdAt: row.created_at,
  };
}

/**
 * The admins' audit log: every admin action is recorded here by the service performing it (in its
 * transaction when it has one), and admins read it newest first, a page at a time.
 */
export class AuditLogService {
  constructor(private readonly deps: { audit: AdminAuditRepository }) {}

  /** Records an action; `actor` undefined is the command line (`npm run admin`). */
  async record(actor: Actor | undefined, entry: AuditAction, db?: Db): Promise<void> {
    await this.deps.audit.record(
      { id: newId(), actorId: actor?.id ?? null, action: entry.action, targetType: entry.targetType, targetId: entry.targetId, details: entry.details ?? {}, at: nowIso() },
      db,
    );
  }

  async list(actor: Actor, page: number): Promise<{ items: AuditEntry[]; page: number; hasMore: boolean }> {
    if (!actor.isAdmin) throw new ForbiddenError('Only admins can do this.', 'admins_only');
    const rows = await this.deps.audit.list((page - 1) * ADMIN_PAGE_SIZE, ADMIN_PAGE_SIZE + 1);
    return { items: rows.slice(0, ADMIN_PAGE_SIZE).map(toEntry), page, hasMore: rows.length > ADMIN_PAGE_SIZE };
  }
}
