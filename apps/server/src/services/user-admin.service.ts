import { ADMIN_PAGE_SIZE, type AdminUser, type UserRole } from '@platter/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import type { Actor } from '../lib/actor.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../lib/errors.js';
import { nowIso } from '../lib/ids.js';
import type { ModerationRepository, UserRow } from '../repositories/moderation.repository.js';
import type { TrackLifecycleRepository } from '../repositories/track-lifecycle.repository.js';
import type { AuditLogService } from './audit-log.service.js';

export interface UserAdminServiceDeps {
  db: Kysely<Database>;
  moderation: ModerationRepository;
  tracks: Pick<TrackLifecycleRepository, 'idsByArtist' | 'setAccess'>;
  audit: AuditLogService;
  events: EventBus;
  /** ADMIN_EMAILS: admins by configuration, whatever the app says. */
  isAdminEmail: (email: string) => boolean;
}

/**
 * The admins' side of accounts: find users, suspend them (every session ended at once, their
 * tracks hidden as moderated ones are, their profile, releases, posts, comments and playlists out
 * of everyone else's sight, sign-in refused) and lift that, and change their role. Each action is
 * recorded in the audit log in the same transaction.
 */
export class UserAdminService {
  constructor(private readonly deps: UserAdminServiceDeps) {}

  private requireAdmin(actor: Actor): void {
    if (!actor.isAdmin) throw new ForbiddenError('Only admins can do this.', 'admins_only');
  }

  private roleOf(row: UserRow): UserRole {
    if (row.is_admin === 1 || this.deps.isAdminEmail(row.email)) return 'admin';
    return row.is_artist === 1 ? 'artist' : 'listener';
  }

  private toAdminUser(row: UserRow): AdminUser {
    const role = this.roleOf(row);
    return {
      id: row.id,
      email: row.email,
      displayName: row.display_name,
      status: row.status,
      isAdmin: role === 'admin',
      tracks: Number(row.tracks_count),
      role,
      adminByConfig: this.deps.isAdminEmail(row.email),
      suspendedAt: row.suspended_at,
      createdAt: row.created_at,
    };
  }

  private async requireUser(userId: string): Promise<UserRow> {
    const row = await this.deps.moderation.getUser(userId);
    if (!row) throw new NotFoundError('There is no user with this id.', 'user_not_found');
    return row;
  }

  /** A page of users whose email or name contains `q` (all when empty), newest first. */
  async search(actor: Actor, query: { q: string; page: number; suspended?: 'true' | 'false' }): Promise<{ items: AdminUser[]; page: number; hasMore: boolean }> {
    this.requireAdmin(actor);
    const rows = await this.deps.moderation.searchUsers(query.q.toLowerCase(), {
      offset: (query.page - 1) * ADMIN_PAGE_SIZE,
      limit: ADMIN_PAGE_SIZE + 1,
      suspendedOnly: query.suspended === 'true',
    });
    return { items: rows.slice(0, ADMIN_PAGE_SIZE).map((r) => this.toAdminUser(r)), page: query.page, hasMore: rows.length > ADMIN_PAGE_SIZE };
  }

  async get(actor: Actor, userId: string): Promise<AdminUser> {
    this.requireAdmin(actor);
    return this.toAdminUser(await this.requireUser(userId));
  }

  /**
   * Suspends the user: in one transaction the profile is marked, each of their tracks joins the
   * hidden ones (the counters following as for a moderated track), every session row is deleted
   * (the next request with any of them, on any instance, is signed out: sessions are read from the
   * database on every request) and the action is logged.
   */
  async suspend(actor: Actor, userId: string, reason?: string): Promise<AdminUser> {
    this.requireAdmin(actor);
    const row = await this.requireUser(userId);
    if (row.id === actor.id) throw new ConflictError('You cannot suspend your own account.', 'suspend_self');
    if (this.roleOf(row) === 'admin') throw new ConflictError('Admins cannot be suspended. Change their role first (or take their address out of ADMIN_EMAILS).', 'suspend_admin');
    if (row.suspended_at) throw new ConflictError('This account is already suspended.', 'already_suspended');
    const at = nowIso();
    const hidden = await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.moderation.setSuspended(trx, userId, at);
      const left: string[] = [];
      for (const id of await this.deps.tracks.idsByArtist(trx, userId)) {
        const result = await this.deps.tracks.setAccess(trx, id, { suspended: 1 });
        if (result && !result.hiddenBefore && result.hidden) left.push(id);
      }
      const sessions = await this.deps.moderation.endSessions(trx, userId);
      await this.deps.audit.record(actor, { action: 'user.suspend', targetType: 'user', targetId: userId, details: { email: row.email, reason: reason ?? null, sessionsEnded: sessions, tracksHidden: left.length } }, trx);
      return left;
    });
    this.deps.events.emit('sessions.ended', { userId });
    for (const trackId of hidden) this.deps.events.emit('track.removed', { trackId });
    this.deps.events.emit('profile.updated', { profileId: userId });
    return this.get(actor, userId);
  }

  /** Lifts a suspension: the profile and the tracks that were public before it are back. */
  async lift(actor: Actor, userId: string): Promise<AdminUser> {
    this.requireAdmin(actor);
    const row = await this.requireUser(userId);
    if (!row.suspended_at) throw new ConflictError('This account is not suspended.', 'not_suspended');
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.moderation.setSuspended(trx, userId, null);
      let shown = 0;
      for (const id of await this.deps.tracks.idsByArtist(trx, userId)) {
        const result = await this.deps.tracks.setAccess(trx, id, { suspended: 0 });
        if (result && result.hiddenBefore && !result.hidden) shown += 1;
      }
      await this.deps.audit.record(actor, { action: 'user.unsuspend', targetType: 'user', targetId: userId, details: { email: row.email, suspendedAt: row.suspended_at, tracksShown: shown } }, trx);
    });
    this.deps.events.emit('profile.updated', { profileId: userId });
    return this.get(actor, userId);
  }

  /**
   * Sets the role: listener (not listed as an artist), artist, or admin. An admin named in
   * ADMIN_EMAILS stays one whatever is set here, so their role is not changed in the app; nor is
   * one's own (an admin cannot lock themself out).
   */
  async setRole(actor: Actor, userId: string, role: UserRole): Promise<AdminUser> {
    this.requireAdmin(actor);
    const row = await this.requireUser(userId);
    const from = this.roleOf(row);
    if (from === role) return this.toAdminUser(row);
    if (this.deps.isAdminEmail(row.email)) {
      throw new ConflictError('This admin is named in ADMIN_EMAILS. Take the address out of that setting to change their role.', 'admin_by_config');
    }
    if (row.id === actor.id) throw new ConflictError('You cannot change your own role. Ask another admin.', 'own_role');
    const changes = role === 'admin' ? { is_admin: 1, is_artist: row.is_artist } : { is_admin: 0, is_artist: role === 'artist' ? 1 : 0 };
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.moderation.setRole(trx, userId, changes);
      await this.deps.audit.record(actor, { action: 'user.role', targetType: 'user', targetId: userId, details: { email: row.email, from, to: role } }, trx);
    });
    this.deps.events.emit('profile.updated', { profileId: userId });
    return this.get(actor, userId);
  }
}
