import { type AccountDeletionState, type RequestAccountDeletion, requestAccountDeletionSchema } from '@platter/shared';
import type { IncomingHttpHeaders } from 'node:http';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import { type JobDeclarations, type JobLog, declareJob } from '../jobs/declared-jobs.js';
import type { MailService } from './mail.service.js';
import type { JobQueue } from '../jobs/job-queue.js';
import type { Actor } from '../lib/actor.js';
import { BadRequestError, ConflictError } from '../lib/errors.js';
import type { AccountDeletionRepository, PurgeTrack } from '../repositories/account-deletion.repository.js';
import type { TrackLifecycleRepository } from '../repositories/track-lifecycle.repository.js';
import type { Storage } from '../storage/storage.js';
import { THUMBNAIL_SIZES } from './image.service.js';

/**
 * Proves the person asking is the account's owner, through the sign-in library (auth/identity-check.ts):
 * its password hash, and its second factor when the account has one.
 */
export interface IdentityCheck {
  /** What confirming takes: the password (an account made with Google has none) and whether a second factor is on. */
  requirements(userId: string): Promise<{ password: boolean; secondFactor: boolean; email: string }>;
  verifyPassword(userId: string, password: string): Promise<boolean>;
  /** A TOTP or backup code, checked for the session the request carries. */
  verifySecondFactor(code: string, headers: IncomingHttpHeaders): Promise<boolean>;
}

export interface AccountDeletionServiceDeps {
  db: Kysely<Database>;
  deletions: AccountDeletionRepository;
  tracks: Pick<TrackLifecycleRepository, 'delete'>;
  storage: Storage;
  events: EventBus;
  jobs: Pick<JobQueue, 'send'>;
  /** Email still queued or kept for the account's address (pg-boss keeps sent jobs for days) goes with it. */
  mail?: Pick<MailService, 'forgetAddress'>;
  identity: IdentityCheck;
  /** ACCOUNT_DELETION_GRACE_DAYS: 0 deletes at once. */
  graceDays: number;
  /** The fediverse (when federation is on): told first, while the account's actor and followers are still there (Delete(Person)). */
  federation?: { deleteActor(userId: string): Promise<void> };
  /** Rows per purge step (one transaction each; 250 by default: bench/account-deletion.md). */
  batchSize?: number;
  log?: (message: string, error?: unknown) => void;
}

/** What signing in asks of a pending deletion (auth.ts's session hooks); built from the repository alone, before sign-in exists. */
export interface DeletionSignInGate {
  /** A new session of the account: signing in during the grace keeps the account. */
  signedIn(userId: string): Promise<void>;
  /** Whether a sign-in must be refused: the grace is over and the account is going. */
  refusesSignIn(userId: string): Promise<boolean>;
}

export function deletionSignInGate(deletions: Pick<AccountDeletionRepository, 'get' | 'cancelInGrace'>, log?: (message: string) => void): DeletionSignInGate {
  return {
    async signedIn(userId) {
      if (await deletions.cancelInGrace(userId, new Date().toISOString())) log?.(`account deletion of ${userId} cancelled by a sign-in`);
    },
    async refusesSignIn(userId) {
      const row = await deletions.get(userId);
      return row !== undefined && row.due_at <= new Date().toISOString();
    },
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SWEEP = 'account-deletion-sweep';

/**
 * Deleting one's account: asked for in settings with the password (and second factor) again, it
 * takes effect after the grace, and a sign-in meanwhile cancels it (auth.ts's session hook calls
 * `signedIn`). Then the `account-deletion-sweep` job purges the account: sessions and credentials
 * first (nobody writes as them any more), then the tracks one at a time (files, then the row with
 * everything pointing at it, through the track's own delete), then each kind of row in batches
 * with the counters they counted (AccountDeletionRepository), the account's storage folders, and
 * last the user itself. Every step is idempotent, so a sweep after a crash finishes the work.
 */
export class AccountDeletionService {
  private readonly batch: number;

  constructor(private readonly deps: AccountDeletionServiceDeps) {
    this.batch = deps.batchSize ?? 250;
  }

  async state(actor: Actor): Promise<AccountDeletionState> {
    const [row, needs] = await Promise.all([this.deps.deletions.get(actor.id), this.deps.identity.requirements(actor.id)]);
    return {
      pending: row !== undefined,
      requestedAt: row?.requested_at ?? null,
      dueAt: row?.due_at ?? null,
      graceDays: this.deps.graceDays,
      confirmWith: needs.password ? 'password' : 'email',
      secondFactor: needs.secondFactor,
    };
  }

  /**
   * Confirms who asks and records the request, due after the grace. With no grace the account's
   * sessions end now (the answer's cookie names a gone session) and the sweep is sent at once.
   */
  async request(actor: Actor, input: RequestAccountDeletion, headers: IncomingHttpHeaders): Promise<AccountDeletionState> {
    const { password, email, code } = requestAccountDeletionSchema.parse(input);
    const needs = await this.deps.identity.requirements(actor.id);
    if (needs.password) {
      if (!password) throw new BadRequestError('Enter your password to delete your account.', 'password_required');
      if (!(await this.deps.identity.verifyPassword(actor.id, password))) {
        throw new BadRequestError('That password is not right. Enter the password you sign in with.', 'wrong_password');
      }
    } else if (!email || email.toLowerCase() !== needs.email.toLowerCase()) {
      throw new BadRequestError('Type the email address of your account to confirm.', 'email_mismatch');
    }
    if (needs.secondFactor) {
      if (!code) throw new BadRequestError('Enter the code from your authenticator app (or a backup code) to delete your account.', 'second_factor_required');
      if (!(await this.deps.identity.verifySecondFactor(code, headers))) {
        throw new BadRequestError('That code is not right. Enter the current code from your authenticator app, or an unused backup code.', 'wrong_code');
      }
    }
    const now = new Date();
    const dueAt = new Date(now.getTime() + this.deps.graceDays * DAY_MS);
    await this.deps.deletions.request(actor.id, now.toISOString(), dueAt.toISOString());
    // Read before the purge can start: with no grace the account may be gone a moment later.
    const state = await this.state(actor);
    if (this.deps.graceDays === 0) {
      await this.deps.deletions.closeAccess(actor.id);
      await this.deps.jobs.send(SWEEP, {}, { singletonKey: SWEEP });
    }
    return state;
  }

  /** Cancels my pending deletion; a 409 once the grace is over and the purge has begun. */
  async cancel(actor: Actor): Promise<AccountDeletionState> {
    const row = await this.deps.deletions.get(actor.id);
    if (row && !(await this.deps.deletions.cancelInGrace(actor.id, new Date().toISOString()))) {
      throw new ConflictError('Your account is already being deleted; it can no longer be kept.', 'deletion_underway');
    }
    return this.state(actor);
  }

  jobs(): JobDeclarations {
    return {
      jobs: [
        declareJob({
          name: SWEEP,
          run: async (_data, run, log) => {
            await this.sweep(run.signal, log);
          },
          policy: { retryLimit: 5, retryDelaySeconds: 30, timeoutSeconds: 60 * 60 },
          everyMinutes: 5,
          atStart: true,
        }),
      ],
    };
  }

  /** Purges every account whose grace is over, one at a time. */
  async sweep(signal?: AbortSignal, log?: JobLog): Promise<number> {
    let purged = 0;
    for (;;) {
      const due = await this.deps.deletions.due(new Date().toISOString(), 10);
      if (due.length === 0) return purged;
      for (const userId of due) {
        await this.purge(userId, signal);
        log?.info(`account ${userId} deleted`);
        purged += 1;
      }
    }
  }

  /** Deletes everything of one account, step by step; safe to run again after any failure. */
  async purge(userId: string, signal?: AbortSignal): Promise<void> {
    const { deletions, storage } = this.deps;
    const email = await deletions.email(userId);
    await this.deps.federation?.deleteActor(userId);
    await deletions.closeAccess(userId);
    for (;;) {
      const tracks = await deletions.tracks(userId, 20);
      if (tracks.length === 0) break;
      for (const track of tracks) {
        signal?.throwIfAborted();
        await this.deleteTrack(track);
      }
    }
    const steps: Array<(id: string, limit: number) => Promise<number>> = [
      (id, n) => deletions.deleteReleases(id, n),
      (id, n) => deletions.deleteTrackLikes(id, n),
      (id, n) => deletions.deleteReleaseLikes(id, n),
      (id, n) => deletions.deletePostLikes(id, n),
      (id, n) => deletions.deleteListens(id, n),
      (id, n) => deletions.deleteHistory(id, n),
      (id, n) => deletions.deletePosts(id, n),
      (id, n) => deletions.deleteComments(id, n),
      (id, n) => deletions.deleteFollows(id, n),
      (id, n) => deletions.deletePlaylists(id, Math.max(1, Math.floor(n / 50))),
      (id, n) => deletions.releaseCollaborations(id, n),
      (id, n) => deletions.deleteNotifications(id, n),
      (id, n) => deletions.deleteReports(id, n),
      (id, n) => deletions.deleteUploads(id, n),
    ];
    for (const step of steps) {
      while ((await step(userId, this.batch)) > 0) signal?.throwIfAborted();
    }
    // The account's own folders: images (photos, covers of tracks, releases and playlists, their
    // smaller copies), uploads and data exports (Download my data), whatever a crash or an earlier
    // replace may have left there.
    for (const prefix of [`images/${userId}/`, ...THUMBNAIL_SIZES.map((size) => `images/sized/${size}/${userId}/`), `uploads/${userId}/`, `exports/${userId}/`]) {
      await storage.deletePrefix(prefix);
    }
    if (email) await this.deps.mail?.forgetAddress(email);
    await deletions.finish(userId, email);
  }

  /**
   * One track: its biggest relations first in batches (listens and likes, with its counters), then
   * its files, then the row with everything else pointing at it in one transaction (the track's own
   * delete: playlists' counts and places, its release, the artist's counter). Files go before the
   * row here, unlike a track deleted from the studio: a purge that stops between the two finds the
   * row again and deletes the (already missing) files once more, so nothing is ever left unreferenced.
   */
  private async deleteTrack(track: PurgeTrack): Promise<void> {
    while ((await this.deps.deletions.thinTrack(track.id, this.batch)) > 0);
    this.deps.events.emit('track.removed', { trackId: track.id });
    for (const key of [track.storage_key, track.image_key, track.high_key, track.saver_key]) {
      if (key && !key.startsWith('images/demo/')) await this.deps.storage.delete(key);
    }
    await this.deps.storage.deletePrefix(`renditions/${track.id}/`);
    await this.deps.db.transaction().execute((trx) => this.deps.tracks.delete(trx, track));
  }
}
