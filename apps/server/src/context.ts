import path from 'node:path';
import { type Auth, type AuthDeps, accountByEmail, createAuth } from './auth/auth.js';
import { SessionLookup } from './auth/session-lookup.js';
import { AccountSecurity } from './auth/account-security.js';
import { SecondFactorRepository } from './repositories/second-factor.repository.js';
import { type Config, isAdminEmail } from './config.js';
import { type DatabaseHandle, openDatabase } from './db/database.js';
import { type Repositories, createRepositories } from './context/repositories.js';
import { migrateDatabase, resolveSecret } from './context/startup.js';
import { dialectOf } from './db/dialect.js';
import type { EventBus } from './events/event-bus.js';
import { createSharedState } from './shared-state/create-shared-state.js';
import type { SharedState } from './shared-state/shared-state.js';
import { LiveHub } from './events/live-hub.js';
import { EngagementService } from './services/engagement.service.js';
import { PlaylistService } from './services/playlist.service.js';
import { SearchService } from './services/search.service.js';
import { SessionRepository } from './repositories/session.repository.js';
import { ProfileService } from './services/profile.service.js';
import { TrackService } from './services/track.service.js';
import { TrackMediaService } from './services/track-media.service.js';
import { TrackCatalogueService } from './services/track-catalogue.service.js';
import { UploadService } from './services/upload.service.js';
import { createStorage } from './storage/create-storage.js';
import type { Storage } from './storage/storage.js';
import { UploadSigner } from './storage/upload-signer.js';
import { AccountService } from './services/account.service.js';
import { ArtistService } from './services/artist.service.js';
import { CommentService } from './services/comment.service.js';
import { DashboardService } from './services/dashboard.service.js';
import { ImageService } from './services/image.service.js';
import { ModerationService } from './services/moderation.service.js';
import { AuditLogService } from './services/audit-log.service.js';
import { UserAdminService } from './services/user-admin.service.js';
import { PostService } from './services/post.service.js';
import { DiscoverService } from './services/discover.service.js';
import { ShareService } from './services/share.service.js';
import { FeedService } from './services/feed.service.js';
import { EmbedService } from './services/embed.service.js';
import { SiteService } from './services/site.service.js';
import { DownloadsDirectory } from './storage/downloads-directory.js';
import { WaveformService } from './services/waveform.service.js';
import { AudioService } from './services/audio.service.js';
import { createMediaEngine } from './media/engine/create-media-engine.js';
import type { MediaEngine } from './media/engine/media-engine.js';
import { createJobQueue } from './jobs/create-job-queue.js';
import { JobRunner } from './jobs/declared-jobs.js';
import { DemoCatalogueService } from './services/demo-catalogue.service.js';
import { ReleaseService } from './services/release.service.js';
import { ListenBrainzService } from './services/listenbrainz.service.js';
import { PlaylistTransferRepository } from './repositories/playlist-transfer.repository.js';
import { PlaylistTransferService } from './services/playlist-transfer.service.js';
import { LyricsService } from './services/lyrics.service.js';
import { DownloadSigner } from './lib/download-signer.js';
import { SecretBox } from './lib/secret-box.js';
import type { JobQueue } from './jobs/job-queue.js';
import { NotificationService } from './services/notification.service.js';
import { RepostService } from './services/repost.service.js';
import { PlayQueueService } from './services/play-queue.service.js';
import { Metrics } from './metrics/metrics.js';
import { SubsonicCredentialService } from './services/subsonic-credential.service.js';
import { RadioService } from './services/radio.service.js';
import { SearchIndexService } from './services/search-index.service.js';
import { createMailer } from './mail/create-mailer.js';
import type { Mailer } from './mail/mailer.js';
import { MailService } from './services/mail.service.js';
import { EmailDigestService } from './services/email-digest.service.js';
import { UnsubscribeSigner } from './lib/unsubscribe-signer.js';
import { PasswordResetRequests } from './auth/password-reset-requests.js';
import { DataExportService } from './services/data-export.service.js';
import { DataExportRepository } from './repositories/data-export.repository.js';
import { AccountDeletionService, deletionSignInGate } from './services/account-deletion.service.js';
import { identityCheck } from './auth/identity-check.js';
import { type Connect, type OutboundFetch, type Resolve, createAddressCheck, createOutboundFetch } from './lib/outbound/outbound-fetch.js';
import { PlatterFederation } from './federation/federation.js';
import { FederationRepository } from './federation/federation.repository.js';
import { FederationAccountsService, toRemoteTrack } from './federation/federation-accounts.service.js';
import { KyselyKvStore } from './federation/kv-store.js';

export { migrateDatabase, resolveSecret } from './context/startup.js';

/** Everything a running Platter holds: the database, storage, services and sign-in. */
export interface AppContext {
  config: Config;
  database: DatabaseHandle;
  storage: Storage;
  events: EventBus;
  /** Redis or in-process: live events, rate limits, seen-recently guards. */
  shared: SharedState;
  /** Background work as claimed jobs: in-process, or pg-boss on PostgreSQL. */
  jobs: JobQueue;
  /** The jobs the services declare, registered on `jobs`; startBackgroundWork starts their schedules. */
  jobRunner: JobRunner;
  /** Undefined when no ffmpeg runs here (MEDIA_ENGINE=none): tracks then play their originals. */
  mediaEngine: MediaEngine | undefined;
  /** Where email goes: SMTP (SMTP_URL) or `.eml` files under DATA_DIR/mail; only the `send-email` job calls it. */
  mailer: Mailer;
  hub: LiveHub;
  /**
   * Every server-side request to an address a person's input chose (a custom ListenBrainz server,
   * federation's actors and media): checked addresses only, bounded in time and size.
   */
  outbound: OutboundFetch;
  /** This app's Prometheus registry and series (GET /metrics, METRICS_PORT): one per context, never the global one. */
  metrics: Metrics;
  auth: Auth;
  /** Who a request's session cookie belongs to: a fast path for current sessions, better-auth for the rest. */
  sessions: SessionLookup;
  /** Settings' Account section: signed-in devices, second factors, REQUIRE_ADMIN_2FA. */
  accountSecurity: AccountSecurity;
  /** "Forgot password?" queued as a job, so every address gets the same answer in the same time. */
  passwordResets: PasswordResetRequests;
  repositories: Repositories;
  /** The fediverse (ActivityPub through Fedify), when FEDERATION is on: federation/federation.ts. */
  federation: { core: PlatterFederation; kv: KyselyKvStore } | undefined;
  services: {
    profiles: ProfileService;
    /** A track's lifecycle (upload, details, visibility, publishing) and its read. */
    tracks: TrackService;
    /** Who may read which file of a track, and which file: /media, its fast path, embeds, Subsonic's stream, download and cover art. */
    trackMedia: TrackMediaService;
    /** The lists of visible tracks: newest, by genre, artist, search or tag, and the genre counts. */
    trackCatalogue: TrackCatalogueService;
    /** Stored images: covers, photos and their smaller copies (Subsonic's getCoverArt sizes). */
    images: ImageService;
    uploads: UploadService;
    engagement: EngagementService;
    playlists: PlaylistService;
    search: SearchService;
    waveforms: WaveformService;
    audio: AudioService;
    comments: CommentService;
    posts: PostService;
    /** Home's new releases and trending rows, News's artists to follow. */
    discover: DiscoverService;
    artists: ArtistService;
    account: AccountService;
    dashboard: DashboardService;
    moderation: ModerationService;
    share: ShareService;
    embeds: EmbedService;
    /** RSS and Atom feeds of artists and releases (routes/feeds). */
    feeds: FeedService;
    site: SiteService;
    reposts: RepostService;
    notifications: NotificationService;
    releases: ReleaseService;
    listenBrainz: ListenBrainzService;
    playlistTransfer: PlaylistTransferService;
    /** The server-side play queue (OpenSubsonic getPlayQueue/savePlayQueue; the web player's "continue"). */
    playQueue: PlayQueueService;
    /** The credentials Subsonic apps sign in with (the API itself is the adapter in routes/subsonic/). */
    subsonic: { credentials: SubsonicCredentialService };
    lyrics: LyricsService;
    radio: RadioService;
    /** SQLite's FTS5 indexes kept compact (the `search-index-merge` job). */
    searchIndex: SearchIndexService;
    /** Admins on accounts: find, suspend and lift, change role (every action in the audit log). */
    userAdmin: UserAdminService;
    /** Every admin action, recorded by the service doing it and listed for admins. */
    auditLog: AuditLogService;
    /** The generated demo catalogue, when PLATTER_DEMO is on. */
    demo: DemoCatalogueService | undefined;
    /** "Download my data": archives made by the `data-export` job, downloadable for 7 days. */
    dataExports: DataExportService;
    /** Email, queued as `send-email` jobs and sent by the mailer. */
    mail: MailService;
    /** Notification emails: opt-in per kind, one digest a day at most, one-click unsubscribe. */
    emailDigests: EmailDigestService;
    /** Deleting one's account: the request, its grace, and the purge job. */
    accountDeletion: AccountDeletionService;
    /** The fediverse as accounts use it (handle and switch, remote follows, blocks); undefined with FEDERATION off. */
    federation: FederationAccountsService | undefined;
  };
  close(): Promise<void>;
}

/** Opens and migrates the database, then wires repositories → services. Migrations run here, at every start. */
/** What tests may put in place of the network: the outbound guard's resolver and connect function. */
export interface ContextOptions {
  outbound?: { resolve?: Resolve; connect?: Connect };
}

/** Bounds of an outbound request unless a caller asks for others (a media file may be larger). */
const OUTBOUND_TIMEOUT_MS = 10_000;
const OUTBOUND_MAX_BYTES = 2 * 1024 * 1024;
const OUTBOUND_MAX_REDIRECTS = 5;

export async function createContext(config: Config, options: ContextOptions = {}): Promise<AppContext> {
  const metrics = new Metrics();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, onQuery: (text, seconds, failed) => metrics.observeQuery(text, seconds, failed) });
  try {
    const secret = resolveSecret(config);
    const { db } = database;
    const { settings } = dialectOf(database.dialect);
    const repositories = createRepositories(db, database.dialect);
    const profiles = new ProfileService(repositories.profiles);
    const deletions = deletionSignInGate(repositories.accountDeletions, (message) => console.warn(`platter: ${message}`));
    const authDeps: AuthDeps = { config, secret, db, dialect: database.dialect, profiles, deletions };
    await migrateDatabase(database, authDeps);

    // Scale-out seams, each chosen once here from configuration: storage (local disk or S3),
    // shared state (in-process or Redis), and below them the services that use them.
    const signer = new UploadSigner(`upload:${secret}`);
    const storage = createStorage(config, signer);
    const shared = await createSharedState(config);
    const events = shared.events;
    const log = (message: string, error?: unknown) => console.warn(`platter: ${message}`, error ?? '');
    const images = new ImageService(storage);
    const playlists = new PlaylistService({ db, playlists: repositories.playlists, tracks: repositories.tracks, images, events, entrySlice: settings.playlistEntrySlice });
    const jobs = createJobQueue(config, { log });
    const mailer = createMailer(config, (message) => console.log(`platter: ${message}`));
    const mail = new MailService({ mailer, jobs, log, counters: metrics });
    const emailDigests = new EmailDigestService({ digests: repositories.emailDigests, mail, signer: new UnsubscribeSigner(secret), publicUrl: config.publicUrl, log });
    const waveforms = new WaveformService({ tracks: repositories.tracks, storage, events, jobs, log });
    // The media engine (ffmpeg: FFMPEG_PATH, the machine's, or the registry package's build), chosen once.
    const mediaEngine = await createMediaEngine(config.mediaEngine);
    const notifications = new NotificationService({ notifications: repositories.notifications, tracks: repositories.tracks, releases: repositories.releases, events, jobs, log });
    const outboundOptions = {
      allowPrivate: config.allowPrivateFetch,
      // The operator's own choice is not someone's input: its address is taken as it is.
      trustedOrigins: [config.listenBrainzUrl],
      timeoutMs: OUTBOUND_TIMEOUT_MS,
      maxBytes: OUTBOUND_MAX_BYTES,
      maxRedirects: OUTBOUND_MAX_REDIRECTS,
      ...options.outbound,
    };
    const outbound = createOutboundFetch(outboundOptions);
    const listenBrainz = new ListenBrainzService({
      repo: repositories.listenBrainz,
      fetch: outbound,
      jobs,
      box: new SecretBox(secret, 'listenbrainz-token'),
      defaultUrl: config.listenBrainzUrl,
      publicOrigin: config.publicUrl,
      log,
    });
    const audio = new AudioService({ engine: mediaEngine, tracks: repositories.tracks, storage, events, jobs, log });
    const tracks = new TrackService({
      db,
      tracks: repositories.tracks,
      uploads: repositories.uploads,
      storage,
      profiles,
      events,
      images,
      moderation: repositories.moderation,
      maxUploadBytes: config.maxUploadBytes,
      processesAudio: mediaEngine !== undefined,
      log,
      counters: metrics,
      jobs,
    });
    const trackCatalogue = new TrackCatalogueService({ tracks: repositories.tracks });
    const trackMedia = new TrackMediaService({ tracks: repositories.tracks, storage, events, downloads: new DownloadSigner(`download:${secret}`) });
    const engagement = new EngagementService({
      db,
      tracks: repositories.tracks,
      engagement: repositories.engagement,
      events,
      shared,
      listenBatches: settings.listenBatches,
      notifications,
      scrobbles: listenBrainz,
      counters: metrics,
    });
    const artists = new ArtistService({ db, follows: repositories.follows, profiles, events, notifications });
    const releases = new ReleaseService({ db, releases: repositories.releases, tracks: repositories.tracks, trackService: tracks, profiles, images, events, jobs, log });
    const playQueue = new PlayQueueService({ db, repository: repositories.subsonic, tracks: repositories.tracks });
    const lyrics = new LyricsService({ db, lyrics: repositories.lyrics, tracks: repositories.tracks, events });
    const subsonic = { credentials: new SubsonicCredentialService({ repository: repositories.subsonic, secret, isAdmin: (email) => isAdminEmail(config, email) }) };
    const auth = createAuth({ ...authDeps, mail, onSessionEnded: (session) => events.emit('session.ended', { sessionId: session.id, userId: session.userId }) });
    const passwordResets = new PasswordResetRequests({ auth, jobs, log });
    const auditLog = new AuditLogService({ audit: repositories.audit });
    // The fediverse, behind one module: Fedify over Platter's own job queue and a KV table.
    const federationRepository = new FederationRepository(db);
    const federationKv = new KyselyKvStore(db);
    // Actor and object ids must not change with the address a request came by: PUBLIC_URL is required.
    if (config.federation && !config.publicUrl && config.env === 'production') log('federation is off: set PUBLIC_URL (the address the fediverse reaches this server at) to turn it on');
    const federation =
      config.federation && config.publicUrl
        ? new PlatterFederation({
            repository: federationRepository,
            kv: federationKv,
            jobs,
            events,
            publicUrl: config.publicUrl,
            allowPrivateAddress: config.allowPrivateFetch,
            fetch: outbound,
            // Federation's addresses are someone's input: the operator's trusted origins do not apply.
            checkAddress: createAddressCheck({ ...outboundOptions, trustedOrigins: [] }),
            version: '0.1.0',
            notifications,
            log,
          })
        : undefined;
    const demo = config.demo
      ? new DemoCatalogueService({
          db,
          accounts: accountByEmail(auth),
          storage,
          images,
          tracks: repositories.tracks,
          profileRows: repositories.profiles,
          profiles,
          events,
          workers: config.demoWorkers,
          limit: config.demoTracks,
          posts: repositories.posts,
          createRelease: async (artistId, release) => {
            await releases.create({ id: artistId, isAdmin: false }, release);
          },
        })
      : undefined;
    const services = {
      profiles,
      tracks,
      trackMedia,
      trackCatalogue,
      images,
      uploads: new UploadService({ uploads: repositories.uploads, storage, signer, maxUploadBytes: config.maxUploadBytes, counters: metrics }),
      engagement,
      playlists,
      search: new SearchService({ tracks: repositories.tracks, profiles: repositories.profiles, releases: repositories.releases, lyrics: repositories.lyrics }),
      waveforms,
      audio,
      comments: new CommentService({ comments: repositories.comments, tracks: repositories.tracks, events, notifications }),
      posts: new PostService({ db, posts: repositories.posts, profiles, events, tracks: repositories.tracks, releases: repositories.releases, feed: repositories.newsFeed, remote: federation ? { remoteNews: async (viewerId, limit, before) => (await federationRepository.remoteFeed(viewerId, limit, before)).map(toRemoteTrack) } : undefined }),
      discover: new DiscoverService({ discover: repositories.discover }),
      artists,
      account: new AccountService({ profiles: repositories.profiles, profileService: profiles, tracks: repositories.tracks, images, events }),
      dashboard: new DashboardService({ dashboard: repositories.dashboard, tracks: repositories.tracks, comments: repositories.comments, profiles }),
      moderation: new ModerationService({
        db,
        moderation: repositories.moderation,
        tracks: repositories.tracks,
        trackService: tracks,
        profiles: repositories.profiles,
        profileService: profiles,
        events,
        audit: auditLog,
      }),
      userAdmin: new UserAdminService({ db, moderation: repositories.moderation, tracks: repositories.tracks, audit: auditLog, events, isAdminEmail: (email) => isAdminEmail(config, email) }),
      auditLog,
      embeds: new EmbedService({ tracks, waveforms, releases: repositories.releases, trackRows: repositories.tracks }),
      feeds: new FeedService({ profiles: repositories.profiles, releases: repositories.releases, tracks: repositories.tracks, media: trackMedia }),
      site: new SiteService({ db, downloads: new DownloadsDirectory(path.join(config.dataDir, 'downloads')), android: config.android }),
      reposts: new RepostService({ db, reposts: repositories.reposts, tracks: repositories.tracks, profiles, events, notifications, releases: repositories.releases }),
      notifications,
      listenBrainz,
      playlistTransfer: new PlaylistTransferService({ repo: new PlaylistTransferRepository(db, database.dialect), playlists }),
      share: new ShareService({ tracks: repositories.tracks, profiles, playlists, releases: repositories.releases }),
      releases,
      playQueue,
      subsonic,
      lyrics,
      radio: new RadioService({ radio: repositories.radio, tracks: repositories.tracks, profiles: repositories.profiles, log, statementTracks: settings.radioStatementTracks }),
      searchIndex: new SearchIndexService({ index: repositories.searchIndex, log }),
      demo,
      dataExports: new DataExportService({
        exports: new DataExportRepository(db),
        storage,
        jobs,
        notifications,
        mail,
        origin: config.publicUrl ?? `http://localhost:${config.port}`,
        log,
      }),
      mail,
      emailDigests,
      accountDeletion: new AccountDeletionService({
        db,
        deletions: repositories.accountDeletions,
        tracks: repositories.tracks,
        storage,
        events,
        jobs,
        mail,
        identity: identityCheck(auth),
        graceDays: config.accountDeletionGraceDays,
        federation,
        log,
      }),
      federation: federation
        ? new FederationAccountsService({
            federation,
            repository: federationRepository,
            host: (requestOrigin) => new URL(config.publicUrl ?? requestOrigin).host,
          })
        : undefined,
    };
    // Every job a service declares, in the order background work starts their schedules.
    const jobRunner = new JobRunner(
      jobs,
      [services.uploads, releases, listenBrainz, services.radio, services.searchIndex, waveforms, audio, notifications, mail, emailDigests, passwordResets, services.dataExports, services.accountDeletion, ...(federation ? [federation] : []), ...(demo ? [demo] : [])].map((service) => service.jobs()),
      { info: (message) => log(message) },
      (job, ok, seconds) => metrics.observeJob(job, ok, seconds),
    );
    await jobRunner.register();
    waveforms.listen();
    audio.listen();
    notifications.listen();
    federation?.listen();
    await jobs.start();
    const hub = new LiveHub(events, (listener) => shared.onEventsMissed(listener));
    metrics.setSources({ pool: database.poolStats, queueDepth: () => jobs.depth(), liveSubscribers: () => hub.size, jobNames: () => jobRunner.names });
    if (config.metrics.token !== undefined || config.metrics.port !== undefined) metrics.enableRuntimeMetrics();
    return {
      config,
      database,
      storage,
      events,
      shared,
      jobs,
      jobRunner,
      mediaEngine,
      mailer,
      hub,
      outbound,
      metrics,
      auth,
      sessions: new SessionLookup(auth, new SessionRepository(db)),
      accountSecurity: new AccountSecurity({
        auth,
        factors: new SecondFactorRepository(db),
        requireAdminSecondFactor: config.requireAdminSecondFactor,
        isAdminEmail: (email) => isAdminEmail(config, email),
      }),
      passwordResets,
      repositories,
      federation: federation ? { core: federation, kv: federationKv } : undefined,
      services,
      close: async () => {
        federation?.close();
        await jobs.close();
        await mailer.close();
        await waveforms.close();
        audio.close();
        notifications.close();
        // Before the hub and the shared state: the listens' coalesced track.stats still waiting go out.
        engagement.close();
        hub.close();
        await shared.close();
        storage.close();
        await database.close();
        metrics.close();
      },
    };
  } catch (error) {
    await database.close();
    throw error;
  }
}
