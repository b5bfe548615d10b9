import {
  EMAIL_DIGEST_KINDS,
  EMAIL_DIGEST_MAX_ITEMS,
  type EmailDigestSettings,
  type UnsubscribeQuery,
  type UnsubscribeResult,
  type UpdateEmailDigestSettings,
  updateEmailDigestSettingsSchema,
} from '@platter/shared';
import { type JobDeclarations, declareJob } from '../jobs/declared-jobs.js';
import { BadRequestError } from '../lib/errors.js';
import type { UnsubscribeSigner } from '../lib/unsubscribe-signer.js';
import type { DueDigest, EmailDigestKind, EmailDigestRepository } from '../repositories/email-digest.repository.js';
import type { NotificationRow } from '../repositories/notification.repository.js';
import { type DigestLocale, renderDigest } from './email-digest.template.js';
import type { MailService } from './mail.service.js';

/** How often the digest job looks for due digests; a digest goes at most once a day per user. */
export const EMAIL_DIGEST_EVERY_MINUTES = 15;
const DAY_MS = 24 * 60 * 60_000;
/** Users handled per batch of the job. */
const BATCH = 100;

export interface EmailDigestServiceDeps {
  digests: EmailDigestRepository;
  mail: Pick<MailService, 'queue'>;
  signer: UnsubscribeSigner;
  /** PUBLIC_URL: the origin of the links when set; otherwise the origin the user turned digests on from. */
  publicUrl: string | undefined;
  now?: () => number;
  log?: (message: string, error?: unknown) => void;
}

/** Rows about a track or release no longer shown are left out, as in the notifications page. */
const shown = (row: NotificationRow): boolean =>
  (row.track_id === null || (row.track_title !== null && row.track_hidden === 0)) && (row.release_id === null || (row.release_title !== null && row.release_visibility === 'public'));

/**
 * Notification emails: opt-in per kind (new follower, comment, reply, release of a followed
 * artist), gathered into at most one digest a day, each with a one-click unsubscribe link
 * (List-Unsubscribe and List-Unsubscribe-Post, RFC 8058) that works signed out. A scheduled job
 * finds the users whose digest is due and queues each digest through MailService, which sends it
 * from the job queue with retries.
 */
export class EmailDigestService {
  private readonly now: () => number;
  private readonly log: (message: string, error?: unknown) => void;

  constructor(private readonly deps: EmailDigestServiceDeps) {
    this.now = deps.now ?? Date.now;
    this.log = deps.log ?? (() => undefined);
  }

  jobs(): JobDeclarations {
    return {
      jobs: [declareJob({ name: 'email-digest', everyMinutes: EMAIL_DIGEST_EVERY_MINUTES, atStart: true, run: async () => void (await this.sendDue()) })],
    };
  }

  async settings(userId: string): Promise<EmailDigestSettings> {
    const on = new Set(await this.deps.digests.kinds(userId));
    return Object.fromEntries(EMAIL_DIGEST_KINDS.map((kind) => [kind, on.has(kind)])) as EmailDigestSettings;
  }

  /** Turns kinds on or off; `where` is the site and language the digests will use (the request's). */
  async updateSettings(userId: string, input: UpdateEmailDigestSettings, where: { origin: string; locale: DigestLocale }): Promise<EmailDigestSettings> {
    const changes = updateEmailDigestSettingsSchema.parse(input);
    await this.deps.digests.setKinds(
      userId,
      EMAIL_DIGEST_KINDS.flatMap((kind) => (changes[kind] === undefined ? [] : [[kind, changes[kind]] as [EmailDigestKind, boolean]])),
      { ...where, now: new Date(this.now()).toISOString() },
    );
    return this.settings(userId);
  }

  /** The one-click unsubscribe: every kind off for the user the signed link names. Signed out, idempotent. */
  async unsubscribe({ u, sig }: UnsubscribeQuery): Promise<UnsubscribeResult> {
    if (!this.deps.signer.verify(u, sig)) {
      throw new BadRequestError('This unsubscribe link is not valid: open the whole link from the email, or turn emails off in Settings.', 'invalid_unsubscribe_link');
    }
    await this.deps.digests.unsubscribe(u);
    return { unsubscribed: true };
  }

  /** The unsubscribe link of a user's digests, on `origin`. */
  unsubscribeUrl(origin: string, userId: string): string {
    return `${origin}/api/email/unsubscribe?u=${encodeURIComponent(userId)}&sig=${this.deps.signer.sign(userId)}`;
  }

  /** Queues every digest due now; how many were queued. */
  async sendDue(): Promise<number> {
    const dayAgo = new Date(this.now() - DAY_MS).toISOString();
    let sent = 0;
    for (;;) {
      const due = await this.deps.digests.due(dayAgo, BATCH);
      let done = 0;
      for (const digest of due) {
        try {
          await this.send(digest);
          done += 1;
        } catch (error) {
          // Left due: the next run (EMAIL_DIGEST_EVERY_MINUTES) tries again.
          this.log(`could not queue the email digest of user ${digest.user_id}`, error);
        }
      }
      sent += done;
      // A full batch that made no progress would come back the same: stop until the next run.
      if (due.length < BATCH || done === 0) return sent;
    }
  }

  private async send(digest: DueDigest): Promise<void> {
    const rows = await this.deps.digests.items(digest.user_id, digest.covered_until, EMAIL_DIGEST_MAX_ITEMS * 5 + 1);
    const newest = rows[0]?.created_at ?? digest.covered_until ?? '';
    const items = rows.filter(shown);
    const at = new Date(this.now()).toISOString();
    if (items.length === 0) {
      // Only rows about things no longer shown: covered, and no digest sent.
      await this.deps.digests.cover(digest.user_id, newest);
      return;
    }
    const origin = (this.deps.publicUrl ? new URL(this.deps.publicUrl).origin : digest.origin) ?? 'http://localhost';
    const unsubscribe = this.unsubscribeUrl(origin, digest.user_id);
    const locale: DigestLocale = digest.locale === 'ru' ? 'ru' : 'en';
    const content = renderDigest({
      locale,
      name: digest.name,
      items: items.slice(0, EMAIL_DIGEST_MAX_ITEMS),
      more: Math.max(0, items.length - EMAIL_DIGEST_MAX_ITEMS),
      links: { notifications: `${origin}/notifications`, settings: `${origin}/notifications`, unsubscribe },
    });
    await this.deps.mail.queue({
      to: digest.email,
      ...content,
      headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    await this.deps.digests.markSent(digest.user_id, at, newest);
  }
}
