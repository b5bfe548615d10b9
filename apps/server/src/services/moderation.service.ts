import {
  type ContactMessage,
  type ContactMessageInput,
  type Profile,
  type Report,
  type Status,
  type Track,
  contactMessageInputSchema,
} from '@platter/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import type { Actor } from '../lib/actor.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../lib/errors.js';
import { newId, nowIso } from '../lib/ids.js';
import type { ModerationRepository, ReportRow } from '../repositories/moderation.repository.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import type { AuditLogService } from './audit-log.service.js';
import type { ProfileService } from './profile.service.js';
import { toTrack } from './track.mapper.js';
import type { TrackService } from './track.service.js';

const LIST_LIMIT = 200;

export interface ModerationServiceDeps {
  db: Kysely<Database>;
  moderation: ModerationRepository;
  tracks: Pick<TrackRowsRepository, 'getMany'>;
  trackService: TrackService;
  profiles: ProfileRepository;
  profileService: ProfileService;
  events: EventBus;
  /** Every admin action here is recorded (who, what, on what, when). */
  audit: AuditLogService;
}

/** What admins do: review reports, hide tracks, set statuses, read contact messages. */
export class ModerationService {
  constructor(private readonly deps: ModerationServiceDeps) {}

  private requireAdmin(actor: Actor): void {
    if (!actor.isAdmin) throw new ForbiddenError('Only admins can do this.', 'admins_only');
  }

  private async toReports(rows: ReportRow[]): Promise<Report[]> {
    const trackIds = [...new Set(rows.map((r) => r.track_id))];
    const [tracks, open] = await Promise.all([this.deps.tracks.getMany(trackIds), this.deps.moderation.openCounts(trackIds)]);
    const byId = new Map(tracks.map((t) => [t.id, toTrack(t)]));
    return rows.flatMap((row) => {
      const track = byId.get(row.track_id);
      if (!track) return [];
      return [
        {
          id: row.id,
          track,
          reason: row.reason,
          reporterId: row.user_id,
          reporterName: row.reporter_name,
          status: row.status,
          createdAt: row.created_at,
          openReportsForTrack: open.get(row.track_id) ?? 0,
        },
      ];
    });
  }

  async listReports(actor: Actor, status: Report['status']): Promise<{ items: Report[] }> {
    this.requireAdmin(actor);
    return { items: await this.toReports(await this.deps.moderation.listReports(status, LIST_LIMIT)) };
  }

  private async requireReport(id: string): Promise<ReportRow> {
    const row = await this.deps.moderation.getReport(id);
    if (!row) throw new NotFoundError('This report does not exist.', 'report_not_found');
    return row;
  }

  private async one(id: string): Promise<Report> {
    const [report] = await this.toReports([await this.requireReport(id)]);
    if (!report) throw new NotFoundError('The reported track no longer exists.', 'track_not_found');
    return report;
  }

  async dismiss(actor: Actor, reportId: string): Promise<Report> {
    this.requireAdmin(actor);
    const row = await this.requireReport(reportId);
    if (row.status !== 'open') throw new ConflictError(`This report was already reviewed (${row.status}).`, 'report_reviewed');
    await this.deps.db.transaction().execute(async (trx) => {
      await this.deps.moderation.resolve(trx, reportId, 'dismissed', actor.id, nowIso());
      await this.deps.audit.record(actor, { action: 'report.dismiss', targetType: 'report', targetId: reportId, details: { trackId: row.track_id, reason: row.reason } }, trx);
    });
    this.deps.events.emit('reports.changed', {});
    return this.one(reportId);
  }

  /** Hides the reported track; this and the track's other open reports become 'hidden'. */
  async hide(actor: Actor, reportId: string): Promise<Report> {
    this.requireAdmin(actor);
    const row = await this.requireReport(reportId);
    if (row.status === 'dismissed') throw new ConflictError('This report was dismissed. Hide the track from its other reports, or directly.', 'report_reviewed');
    await this.deps.trackService.setHidden(actor, row.track_id, true);
    await this.deps.audit.record(actor, { action: 'report.hide', targetType: 'report', targetId: reportId, details: { trackId: row.track_id, reason: row.reason } });
    return this.one(reportId);
  }

  /** An admin hides or shows a track directly (not from a report). */
  async setTrackHidden(actor: Actor, trackId: string, hidden: boolean): Promise<Track> {
    this.requireAdmin(actor);
    const track = await this.deps.trackService.setHidden(actor, trackId, hidden);
    await this.deps.audit.record(actor, { action: hidden ? 'track.hide' : 'track.show', targetType: 'track', targetId: trackId, details: { title: track.title, artistId: track.artistId } });
    return track;
  }

  async setStatus(actor: Actor, userId: string, status: Status): Promise<Profile> {
    this.requireAdmin(actor);
    return this.applyStatus(actor, userId, status);
  }

  /** `npm run admin -- set-status <email> <status>`: the same change from the command line. */
  async setStatusByEmail(email: string, status: Status): Promise<Profile> {
    const user = await this.deps.moderation.getUserByEmail(email);
    if (!user) throw new NotFoundError(`No user with the email ${email}. They must sign in once first.`, 'user_not_found');
    return this.applyStatus(undefined, user.id, status);
  }

  /** `actor` undefined: the command line, logged as such. */
  private async applyStatus(actor: Actor | undefined, userId: string, status: Status): Promise<Profile> {
    const before = await this.deps.profileService.getAny(userId);
    await this.deps.profiles.update(userId, { status });
    await this.deps.audit.record(actor, { action: 'user.status', targetType: 'user', targetId: userId, details: { from: before.status, to: status } });
    this.deps.events.emit('profile.updated', { profileId: userId });
    return this.deps.profileService.getAny(userId);
  }

  /** The contact form: stored so that someone can reply (SPEC promises a reply within 24 hours). */
  async addContactMessage(input: ContactMessageInput): Promise<{ id: string }> {
    const message = contactMessageInputSchema.parse(input);
    const id = newId();
    await this.deps.moderation.addContactMessage({
      id,
      name: message.name,
      email: message.email,
      subject: message.subject?.trim() ? message.subject : null,
      message: message.message,
      created_at: nowIso(),
    });
    return { id };
  }

  async listContactMessages(actor: Actor): Promise<{ items: ContactMessage[] }> {
    this.requireAdmin(actor);
    const rows = await this.deps.moderation.listContactMessages(LIST_LIMIT);
    return { items: rows.map((r) => ({ id: r.id, name: r.name, email: r.email, subject: r.subject, message: r.message, createdAt: r.created_at })) };
  }
}
