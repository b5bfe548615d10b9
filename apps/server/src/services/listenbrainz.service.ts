import { type LinkListenBrainz, type ListenBrainzState, linkListenBrainzSchema } from '@platter/shared';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import { type JobDeclarations, declareJob } from '../jobs/declared-jobs.js';
import type { JobQueue, JobRun } from '../jobs/job-queue.js';
import { BadRequestError } from '../lib/errors.js';
import { nowIso } from '../lib/ids.js';
import type { OutboundFetch } from '../lib/outbound/outbound-fetch.js';
import { OutboundError } from '../lib/outbound/outbound-error.js';
import type { SecretBox } from '../lib/secret-box.js';
import type { ListenBrainzRepository, PendingListen } from '../repositories/listenbrainz.repository.js';

/** Listens per submission (ListenBrainz takes up to 1,000 in one `import`). */
const SUBMIT_BATCH = 100;
/** Batches one job sends before it hands over to a fresh job (so one listener cannot hold a worker). */
const BATCHES_PER_RUN = 10;
const REQUEST_TIMEOUT_MS = 10_000;

/** Where the listens transaction queues scrobbles; implemented by ListenBrainzService. */
export interface ScrobbleOutbox {
  /** In the listens transaction: queues the counted listens of linked listeners; returns those listeners. */
  enqueue(trx: Transaction<Database>, listens: Array<{ id: string; userId: string; trackId: string; at: string }>): Promise<string[]>;
  /** After the commit: starts the submissions of these listeners. */
  wake(userIds: string[]): void;
}

export interface ListenBrainzServiceDeps {
  repo: ListenBrainzRepository;
  jobs: Pick<JobQueue, 'send'>;
  box: SecretBox;
  /** The ListenBrainz API root used when a listener names none (LISTENBRAINZ_URL). */
  defaultUrl: string;
  /** Platter's public origin, for each listen's link back (origin_url); undefined leaves it out. */
  publicOrigin?: string;
  /** The outbound guard: a listener's own server is someone's input, so its address is checked. */
  fetch: OutboundFetch;
  log?: (message: string, error?: unknown) => void;
}

/** A ListenBrainz answer that is not a success, with what to tell the listener. */
class SubmitError extends Error {
  constructor(
    message: string,
    /** 'auth': the token was refused (relink); 'rejected': these listens will never be taken; 'transient': try again. */
    readonly kind: 'auth' | 'rejected' | 'transient',
  ) {
    super(message);
  }
}

/**
 * ListenBrainz scrobbling. A listener links an account with their user token (checked
 * against the server's validate-token, then sealed). Each counted listen of a linked listener is
 * queued in listenbrainz_pending by the listens transaction itself, and the `listenbrainz-submit`
 * job (one per listener at a time, retried with backoff) sends the queue oldest first. Nothing of
 * it is in the listen's request path: a ListenBrainz outage never slows or fails playback.
 */
export class ListenBrainzService implements ScrobbleOutbox {
  private readonly fetch: OutboundFetch;
  private readonly log: (message: string, error?: unknown) => void;

  constructor(private readonly deps: ListenBrainzServiceDeps) {
    this.fetch = deps.fetch;
    this.log = deps.log ?? (() => undefined);
  }

  /**
   * Submissions per listener (claimed, retried with backoff), now-playing notices, and the sweep
   * that picks up queued listens whose submission job a restart lost (every five minutes and at start).
   */
  jobs(): JobDeclarations {
    return {
      jobs: [
        declareJob({ name: 'listenbrainz-submit', run: ({ userId }, run) => this.submit(userId, run), policy: { retryLimit: 5, retryDelaySeconds: 30, timeoutSeconds: 5 * 60 } }),
        declareJob({ name: 'listenbrainz-now-playing', run: ({ userId, trackId }) => this.sendNowPlaying(userId, trackId), policy: { retryLimit: 0, timeoutSeconds: 60 } }),
        declareJob({ name: 'listenbrainz-sweep', run: () => this.sweep(), policy: { retryLimit: 0, timeoutSeconds: 60 }, everyMinutes: 5, atStart: true }),
      ],
    };
  }

  async state(userId: string): Promise<ListenBrainzState> {
    const link = await this.deps.repo.get(userId);
    if (!link) return { linked: false, userName: null, serverUrl: null, lastStatus: null, lastError: null, lastAt: null, submitted: 0, pending: 0 };
    return {
      linked: true,
      userName: link.lb_user_name,
      serverUrl: link.server_url,
      lastStatus: link.last_status as ListenBrainzState['lastStatus'],
      lastError: link.last_error,
      lastAt: link.last_at,
      submitted: link.submitted_count,
      pending: await this.deps.repo.countPending(userId),
    };
  }

  /** Checks the token with the server (validate-token), then keeps it sealed. Listens from now on are submitted. */
  async link(userId: string, input: LinkListenBrainz): Promise<ListenBrainzState> {
    const { token, serverUrl } = linkListenBrainzSchema.parse(input);
    const custom = serverUrl ? this.customServer(serverUrl) : null;
    const root = custom ?? this.deps.defaultUrl;
    let response: Response;
    try {
      response = await this.fetch(new URL('1/validate-token', withSlash(root)), { headers: { authorization: `Token ${token}` }, timeoutMs: REQUEST_TIMEOUT_MS });
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      // The guard's own words for a refused address (the same whatever the trick); the server named otherwise.
      const message = error.code === 'blocked-address' || error.code === 'bad-url' ? error.message : `Could not reach ListenBrainz at ${root} (${reason(error)}). Check the address, or try again later.`;
      throw new BadRequestError(message, `outbound_${error.code.replaceAll('-', '_')}`);
    }
    const body = (await response.json().catch(() => null)) as { valid?: boolean; user_name?: string } | null;
    if (!response.ok || !body?.valid || typeof body.user_name !== 'string') {
      if (response.status === 401 || response.ok) {
        throw new BadRequestError('ListenBrainz did not accept this token. Copy it again from listenbrainz.org → Settings → User token.', 'listenbrainz_token_invalid');
      }
      throw new BadRequestError(`ListenBrainz at ${root} answered ${response.status}. Check the address, or try again later.`, 'listenbrainz_unreachable');
    }
    await this.deps.repo.link({ userId, tokenSealed: this.deps.box.seal(token), serverUrl: custom, userName: body.user_name, at: nowIso() });
    return this.state(userId);
  }

  async unlink(userId: string): Promise<void> {
    await this.deps.repo.unlink(userId);
  }

  /** A custom server must be https (the configured one's origin excepted), and is kept without query or fragment. */
  private customServer(serverUrl: string): string {
    const url = new URL(serverUrl);
    const configured = new URL(this.deps.defaultUrl);
    if (url.protocol !== 'https:' && url.origin !== configured.origin) {
      throw new BadRequestError('A custom ListenBrainz server must be an https:// address.', 'listenbrainz_insecure_url');
    }
    if (url.username || url.password) throw new BadRequestError('Leave the user name and password out of the server address: the token signs you in.', 'listenbrainz_url_credentials');
    url.search = '';
    url.hash = '';
    return url.toString().replace(/\/$/, '');
  }

  enqueue(trx: Transaction<Database>, listens: Array<{ id: string; userId: string; trackId: string; at: string }>): Promise<string[]> {
    return this.deps.repo.enqueue(trx, listens);
  }

  wake(userIds: string[]): void {
    for (const userId of userIds) {
      this.deps.jobs.send('listenbrainz-submit', { userId }, { singletonKey: `listenbrainz:${userId}` }).catch((error: unknown) => this.log(`could not queue the ListenBrainz submission of ${userId}`, error));
    }
  }

  /** "Playing now" for a linked listener and a public track; nothing otherwise. Never fails the caller. */
  async nowPlaying(userId: string, trackId: string): Promise<void> {
    if (!(await this.deps.repo.get(userId))) return;
    await this.deps.jobs.send('listenbrainz-now-playing', { userId, trackId }, { singletonKey: `listenbrainz-now:${userId}` });
  }

  private async sendNowPlaying(userId: string, trackId: string): Promise<void> {
    const link = await this.deps.repo.get(userId);
    const track = await this.deps.repo.trackMeta(trackId);
    const token = link && this.deps.box.open(link.token_sealed);
    if (!link || !track || !token) return;
    try {
      await this.post(link.server_url ?? this.deps.defaultUrl, token, { listen_type: 'playing_now', payload: [{ track_metadata: this.metadata(track) }] });
    } catch (error) {
      // "Playing now" is of the moment: not retried, and not the status the settings show.
      this.log(`ListenBrainz did not take "playing now" of ${userId}`, error);
    }
  }

  /**
   * The job: sends the listener's queued listens, oldest first, a batch at a time. A refused token
   * stops until the listener relinks (the listens stay queued); listens ListenBrainz rejects as
   * malformed are dropped with the reason shown; anything else is retried with backoff.
   */
  async submit(userId: string, run: Pick<JobRun, 'lastAttempt'>): Promise<void> {
    const link = await this.deps.repo.get(userId);
    if (!link) return;
    const token = this.deps.box.open(link.token_sealed);
    if (!token) {
      await this.deps.repo.setOutcome(userId, { status: 'failed', error: 'The saved token can no longer be read (the server secret changed). Link ListenBrainz again.', at: nowIso() });
      return;
    }
    await this.deps.repo.dropOrphans(userId);
    for (let batch = 0; batch < BATCHES_PER_RUN; batch++) {
      const rows = await this.deps.repo.pending(userId, SUBMIT_BATCH);
      if (rows.length === 0) return;
      try {
        await this.post(link.server_url ?? this.deps.defaultUrl, token, {
          listen_type: rows.length === 1 ? 'single' : 'import',
          payload: rows.map((row) => ({ listened_at: Math.floor(Date.parse(row.listened_at) / 1000), track_metadata: this.metadata(row) })),
        });
        await this.deps.repo.submitted(userId, rows.map((r) => r.listen_id), nowIso());
      } catch (error) {
        const failure = error instanceof SubmitError ? error : new SubmitError(reason(error), 'transient');
        if (failure.kind === 'rejected') {
          await this.deps.repo.submitted(userId, rows.map((r) => r.listen_id), nowIso());
          await this.deps.repo.setOutcome(userId, { status: 'failed', error: failure.message, at: nowIso() });
          continue;
        }
        const status = failure.kind === 'auth' || run.lastAttempt ? 'failed' : 'retrying';
        await this.deps.repo.setOutcome(userId, { status, error: failure.message, at: nowIso() });
        if (failure.kind === 'auth') return;
        throw failure;
      }
    }
    // More than a run's worth: a fresh job carries on.
    this.wake([userId]);
  }

  async sweep(): Promise<void> {
    this.wake(await this.deps.repo.usersWithPending(1000));
  }

  private metadata(track: Omit<PendingListen, 'listen_id' | 'listened_at'>) {
    return {
      artist_name: track.artist_name?.trim() || 'Unknown artist',
      track_name: track.title,
      ...(track.release_title ? { release_name: track.release_title } : {}),
      additional_info: {
        submission_client: 'Platter',
        submission_client_version: '1.0',
        music_service_name: 'Platter',
        ...(track.duration ? { duration_ms: Math.round(track.duration * 1000) } : {}),
        ...(this.deps.publicOrigin ? { origin_url: `${this.deps.publicOrigin}/track/${encodeURIComponent(track.track_id)}` } : {}),
      },
    };
  }

  private async post(root: string, token: string, body: unknown): Promise<void> {
    let response: Response;
    try {
      response = await this.fetch(new URL('1/submit-listens', withSlash(root)), {
        method: 'POST',
        headers: { authorization: `Token ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        timeoutMs: REQUEST_TIMEOUT_MS,
      });
    } catch (error) {
      // An address that now points into a private network stops sending until the listener links again.
      if (error instanceof OutboundError && (error.code === 'blocked-address' || error.code === 'bad-url')) throw new SubmitError(error.message, 'auth');
      throw new SubmitError(`Could not reach ListenBrainz (${reason(error)})`, 'transient');
    }
    if (response.ok) {
      await response.body?.cancel();
      return;
    }
    const answer = (await response.json().catch(() => null)) as { error?: string } | null;
    const said = answer?.error ? `: ${answer.error}` : '';
    if (response.status === 401) throw new SubmitError(`ListenBrainz refused the token${said}. Link ListenBrainz again with your current token.`, 'auth');
    if (response.status === 400) throw new SubmitError(`ListenBrainz rejected these listens${said}`, 'rejected');
    throw new SubmitError(`ListenBrainz answered ${response.status}${said}`, 'transient');
  }
}

const withSlash = (root: string) => (root.endsWith('/') ? root : `${root}/`);

/** Why a request failed, in words that never carry a socket's or TLS library's text. */
function reason(error: unknown): string {
  if (!(error instanceof OutboundError)) return 'an unexpected error';
  switch (error.code) {
    case 'timeout':
      return 'no answer in 10 seconds';
    case 'too-large':
      return 'its answer was too large';
    case 'too-many-redirects':
      return 'too many redirects';
    default:
      return 'no connection';
  }
}
