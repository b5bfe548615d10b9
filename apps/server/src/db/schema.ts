import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * Platter's own tables. Timestamps are ISO-8601 UTC strings (sortable as text on both engines);
 * flags are 0/1 integers, since SQLite has no boolean type. better-auth owns `user`, `session`,
 * `account` and `verification`, created by its own migrations before ours.
 */
export interface ProfilesTable {
  id: string;
  display_name: string;
  photo_url: string | null;
  cover_url: string | null;
  bio: string;
  status: 'creator' | 'artist' | 'premium' | 'user';
  is_artist: number;
  subscribers_count: Generated<number>;
  subscriptions_count: Generated<number>;
  tracks_count: Generated<number>;
  /** display_name lower-cased in JavaScript, for artist search. */
  search_name: Generated<string>;
  created_at: string;
  updated_at: string;
  /** When an admin suspended the account; null when it is not (migration administration). */
  suspended_at: Generated<string | null>;
  /** Made an admin in the app (ADMIN_EMAILS makes admins too). */
  is_admin: Generated<number>;
}

export interface TracksTable {
  id: string;
  title: string;
  genre: string;
  artist_id: string;
  storage_key: string;
  content_type: string;
  size_bytes: number;
  duration: number | null;
  likes_count: Generated<number>;
  listens_count: Generated<number>;
  /** Lower-cased "title artist" for case-insensitive substring search on both engines. */
  search_text: string;
  /**
   * PostgreSQL only: the distinct words of search_text (lib/spelling.ts `trackWords`), behind
   * tracks_words_idx (migration track-words). Null where a writer did not give them: such a track
   * is still found, by a partial index of the nulls.
   */
  words?: string[] | null;
  /** Left out of every list: moderated OR visibility <> 'public', set by every write of either (migration track-visibility). */
  hidden: Generated<number>;
  created_at: string;
  /** Storage key of the cover image (uploaded, or the file's embedded art). */
  image_key: string | null;
  waveform_status: Generated<'pending' | 'ready' | 'unavailable'>;
  /** JSON array of WAVEFORM_BARS peaks, 0..1, when ready. */
  waveform: string | null;
  /** What the media engine made of the file (migration audio-processing). */
  audio_status: Generated<AudioStatus>;
  source_codec: Generated<string | null>;
  source_kbps: Generated<number | null>;
  loudness_lufs: Generated<number | null>;
  true_peak_dbtp: Generated<number | null>;
  /** Storage keys of the streaming renditions; null where the original is played instead. */
  high_key: Generated<string | null>;
  saver_key: Generated<string | null>;
  /** Reposts of the track, kept with the repost rows (migration reposts-notifications). */
  reposts_count: Generated<number>;
  /** The release the track is on (migration releases), and its 0-based place there. */
  release_id: Generated<string | null>;
  release_position: Generated<number | null>;
  /** JSON array of its free tags (normalised); track_tags holds one row per tag for the tag page. */
  tags: Generated<string>;
  /** Hidden by an admin (moderation). */
  moderated: Generated<number>;
  /** 1 while its owner is suspended: part of `hidden` like `moderated` (migration administration). */
  suspended: Generated<number>;
  visibility: Generated<TrackVisibility>;
  /** The unlisted link's secret (null until the track is first unlisted); a reset replaces it. */
  secret: Generated<string | null>;
  /** When an unlisted or private track becomes public (the `track-publish` job), or null. */
  publish_at: Generated<string | null>;
  /** Whether listeners may download the original file. */
  downloadable: Generated<number>;
  /** Whether a track_lyrics row exists (migration lyrics), kept in the same transaction. */
  has_lyrics: Generated<number>;
}

/** A track's lyrics (migration lyrics): the artist's source and its parsed lines (JSON LyricsLine[]). */
export interface TrackLyricsTable {
  track_id: string;
  kind: 'synced' | 'plain';
  source: string;
  lines: string;
  lang: string | null;
  updated_at: string;
  /** The lines' text, one per line, as search indexes it (migration lyrics-search). */
  body: string;
}

/** SQLite's FTS5 table of the artists artist search lists, by name (migration artist-search). */
export interface ArtistsSearchTable {
  profile_id: string;
  search_name: string;
}

/** SQLite's FTS5 table of the lyrics of visible tracks (migration lyrics-search). */
export interface LyricsSearchTable {
  track_id: string;
  body: string;
}

export type TrackVisibility = 'public' | 'unlisted' | 'private';

export type AudioStatus = 'processing' | 'ready' | 'failed' | 'original';

export interface TrackLikesTable {
  user_id: string;
  track_id: string;
  created_at: string;
}

export interface ListensTable {
  id: string;
  track_id: string;
  user_id: string | null;
  /** The track's artist, copied so the dashboard reads an artist's listens from one index. */
  artist_id: string | null;
  created_at: string;
}

export interface CommentsTable {
  id: string;
  track_id: string;
  user_id: string;
  text: string;
  position_sec: number | null;
  /** The thread's first comment, for a reply; null for a comment on the track itself. */
  parent_id: string | null;
  created_at: string;
}

export interface PostsTable {
  id: string;
  author_id: string;
  text: string;
  pinned: Generated<number>;
  likes_count: Generated<number>;
  created_at: string;
  /** 'repost': a repost of `track_id` (migration reposts-notifications), shown in News as "reposted by". */
  kind: Generated<'post' | 'repost'>;
  track_id: Generated<string | null>;
  /** A repost of a release (migration release-reposts): `release_id` instead of `track_id`. */
  release_id: Generated<string | null>;
}

export interface PostLikesTable {
  user_id: string;
  post_id: string;
  created_at: string;
}

export interface PlaylistsTable {
  id: string;
  user_id: string;
  name: string;
  is_public: Generated<number>;
  track_count: Generated<number>;
  /** Seconds of its visible tracks together, kept as track_count is (in the same transactions). */
  duration_seconds: Generated<number>;
  /** The playlist's own cover (storage key); null shows the mosaic of its tracks' covers. */
  image_key: Generated<string | null>;
  created_at: string;
  updated_at: string;
  /** The invite link's token (migration collaborative-playlists); null when the link is off. */
  invite_token: Generated<string | null>;
}

export interface PlaylistTracksTable {
  id: string;
  playlist_id: string;
  track_id: string;
  position: number;
  added_at: string;
  /** Who added it; null once that account is deleted. */
  added_by: Generated<string | null>;
}

export interface PlaylistCollaboratorsTable {
  playlist_id: string;
  user_id: string;
  created_at: string;
}

export interface PlaylistActivityTable {
  id: string;
  playlist_id: string;
  /** Who did it; null once that account is deleted. */
  user_id: string | null;
  kind: 'added' | 'removed' | 'moved' | 'reordered' | 'joined' | 'left';
  track_id: string | null;
  /** For a move: the place the entry went to. */
  position: number | null;
  created_at: string;
}

export interface FollowsTable {
  subscriber_id: string;
  artist_id: string;
  created_at: string;
}

export interface HistoryTable {
  id: string;
  user_id: string;
  track_id: string;
  played_at: string;
}

export interface ReportsTable {
  id: string;
  track_id: string;
  user_id: string | null;
  reason: string | null;
  status: Generated<'open' | 'dismissed' | 'hidden'>;
  created_at: string;
  reviewed_by: string | null;
  reviewed_at: string | null;
}

/** One admin action: who (null for the command line), what, on what, when, with its details as JSON. */
export interface AdminAuditTable {
  id: string;
  actor_id: string | null;
  action: string;
  target_type: string;
  target_id: string;
  details: Generated<string>;
  created_at: string;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string | null;
  message: string;
  created_at: string;
}

/** pending → receiving (a PUT is writing) → stored → used (a track owns it). */
export type UploadStatus = 'pending' | 'receiving' | 'stored' | 'used';

/** One row per upload URL handed out; the single-use and ownership rules of the upload protocol live here. */
export interface UploadsTable {
  id: string;
  user_id: string;
  storage_key: string;
  file_name: string;
  declared_type: string;
  content_type: string | null;
  size_bytes: number | null;
  status: UploadStatus;
  expires_at: string;
  created_at: string;
  used_at: string | null;
}

/** Catalogue totals kept by triggers: `genre:<Genre>` (visible tracks), `artists`, `users`. */
export interface CatalogueCountersTable {
  name: string;
  value: number;
}

/** SQLite's FTS5 trigram table of visible tracks (migrations search-index, search-at-scale). */
export interface TracksSearchTable {
  track_id: string;
  created_at: string;
  search_text: string;
}

/** Every word of every title and artist name, for "did you mean" (migration search-at-scale). */
export interface SearchWordsTable {
  word: string;
  /** The word backwards, so words ending alike are one range of an index. */
  reversed: string;
  /** In characters (code points), as the candidates for a typo are chosen by length. */
  length: number;
  /** How many tracks brought the word (never lowered: a gone word only makes a suggestion that finds nothing). */
  tracks: number;
}

/** 'export': one's data export is ready (never turned off). */
export type NotificationKind = 'follow' | 'like' | 'comment' | 'reply' | 'repost' | 'release' | 'export';

/** One notification of one user; `key` says what it is about, so the same event never makes two rows. */
export interface NotificationsTable {
  user_id: string;
  key: string;
  kind: NotificationKind;
  group_key: string;
  actor_id: string | null;
  track_id: string | null;
  comment_id: string | null;
  /** The release a notification is about: a whole release going public, or a repost of a release. */
  release_id: Generated<string | null>;
  read: Generated<number>;
  created_at: string;
  /** From an account on another server (migration federation): its remote_actors row, and the reply it wrote. */
  remote_actor_uri: Generated<string | null>;
  remote_reply_uri: Generated<string | null>;
}

/** A kind of notification a user turned off. */
export interface NotificationOptoutsTable {
  user_id: string;
  kind: NotificationKind;
}

/** A kind of notification a user asked to have emailed in the daily digest. */
export interface EmailDigestOptinsTable {
  user_id: string;
  kind: 'follow' | 'comment' | 'reply' | 'release';
}

/** Per user: the last digest sent, the newest notification it covered, and the origin its links use. */
export interface EmailDigestsTable {
  user_id: string;
  last_sent_at: string | null;
  covered_until: string | null;
  origin: string | null;
  locale: string | null;
}

/** The slice of better-auth's user table Platter reads. */
export interface AuthUserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: ColumnType<boolean | number, boolean | number, boolean | number>;
  image: string | null;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
  updatedAt: ColumnType<Date | string, Date | string, Date | string>;
  /** The twoFactor plugin's column: a confirmed authenticator app (TOTP). */
  twoFactorEnabled: ColumnType<boolean | number | null, boolean | number | null | undefined, boolean | number | null>;
}

/** better-auth's twoFactor plugin: one row per user who started setting up TOTP (`verified` once confirmed). */
export interface AuthTwoFactorTable {
  id: string;
  userId: string;
  secret: string;
  backupCodes: string;
  verified: ColumnType<boolean | number | null, boolean | number | null | undefined, boolean | number | null>;
}

/** @better-auth/passkey's credentials, one row per passkey. */
export interface AuthPasskeyTable {
  id: string;
  name: string | null;
  userId: string;
  credentialID: string;
  createdAt: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}

/** better-auth's sessions (its own migrations create the table; `token` is unique). */
export interface AuthSessionTable {
  id: string;
  token: string;
  userId: string;
  expiresAt: ColumnType<Date | string, Date | string, Date | string>;
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: ColumnType<Date | string, Date | string, Date | string>;
  updatedAt: ColumnType<Date | string, Date | string, Date | string>;
}

/** An album, EP or single (migration releases); counters over its visible tracks. */
export interface ReleasesTable {
  id: string;
  artist_id: string;
  title: string;
  type: 'album' | 'ep' | 'single';
  image_key: string | null;
  /** YYYY-MM-DD */
  release_date: string;
  description: Generated<string>;
  track_count: Generated<number>;
  duration_seconds: Generated<number>;
  likes_count: Generated<number>;
  /** Lower-cased "title artist", for release search. */
  search_text: string;
  /** Public, unlisted or private; its tracks take it (and its secret and publish_at) in the same transaction. */
  visibility: Generated<'public' | 'unlisted' | 'private'>;
  secret: Generated<string | null>;
  publish_at: Generated<string | null>;
  created_at: string;
  updated_at: string;
  /** Reposts of the release, kept with the repost rows (migration release-reposts). */
  reposts_count: Generated<number>;
  /** When it went public (created public, made public, or published by its schedule); null while not public (migration news-releases). */
  published_at: Generated<string | null>;
}

export interface ReleaseLikesTable {
  user_id: string;
  release_id: string;
  created_at: string;
}

/** A listener's linked ListenBrainz account, where their listens are scrobbled. */
export interface ListenBrainzLinksTable {
  user_id: string;
  /** The user token, sealed with the server's secret (lib/secret-box.ts). */
  token_sealed: string;
  /** A custom ListenBrainz server; null for the configured one. */
  server_url: string | null;
  lb_user_name: string;
  /** The last submission's outcome: 'ok', 'retrying' or 'failed'; null before the first. */
  last_status: string | null;
  last_error: string | null;
  last_at: string | null;
  submitted_count: Generated<number>;
  created_at: string;
}

/** Counted listens of linked listeners waiting to be submitted (the outbox). */
export interface ListenBrainzPendingTable {
  listen_id: string;
  user_id: string;
  track_id: string;
  listened_at: string;
}

export interface TrackTagsTable {
  track_id: string;
  tag: string;
  /** The track's created_at, so a tag page is one range of an index. */
  created_at: string;
}

/** A user's Subsonic API key (hash only) or per-app password (encrypted): migration subsonic. */
export interface SubsonicCredentialsTable {
  id: string;
  user_id: string;
  kind: 'apiKey' | 'appPassword';
  name: string;
  key_hash: string | null;
  secret_enc: string | null;
  created_at: string;
  last_used_at: string | null;
}

/** A user's saved play queue (getPlayQueue / savePlayQueue, and the web player's "continue"). */
export interface PlayQueuesTable {
  user_id: string;
  /** JSON array of track ids, in play order. */
  track_ids: string;
  current_id: string | null;
  position_ms: number;
  changed_by: string;
  updated_at: string;
}

/** Migration subsonic-more: the track a Subsonic app last announced as playing (scrobble, submission=false), one per user. */
export interface NowPlayingTable {
  user_id: string;
  track_id: string;
  /** The app's name (Subsonic `c`). */
  player: string;
  updated_at: string;
}

/** Radio (migration radio): a track's similar tracks, best first, written by the radio-similar job. */
export interface TrackSimilarTable {
  track_id: string;
  similar_id: string;
  score: number;
  reason: SimilarReason;
  computed_at: string;
}

export type SimilarReason = 'co-listened' | 'co-liked' | 'same tags' | 'same genre';

export interface RadioCursorsTable {
  name: string;
  value: string;
}

export interface DailyMixesTable {
  user_id: string;
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  /** JSON array of { trackId, reason, seedId }. */
  items: string;
}

/** A "Download my data" request (migration data-exports): building, then ready (its ZIP in storage) or failed. */
export interface DataExportsTable {
  id: string;
  user_id: string;
  status: 'building' | 'ready' | 'failed';
  storage_key: string | null;
  /** bigint: PostgreSQL's driver gives it back as a string. */
  size_bytes: ColumnType<number | string | null, number | null, number | null>;
  error: string | null;
  created_at: string;
  ready_at: string | null;
  expires_at: string | null;
  /** The language of the ready-mail: the requester's browser's (en or ru). */
  locale: Generated<string>;
}

/** An account its owner asked to delete (migration account-deletion): purged from `due_at` on. */
export interface AccountDeletionsTable {
  user_id: string;
  requested_at: string;
  due_at: string;
}

/** The fediverse's tables (migration federation; apps/server/src/federation). */
export interface FedifyKvTable {
  key: string;
  value: string;
  expires_at: string | null;
}

export interface FederationActorsTable {
  profile_id: string;
  handle: string;
  rsa_public: string;
  rsa_private: string;
  ed_public: string;
  ed_private: string;
  enabled: Generated<number>;
  created_at: string;
}

export interface RemoteActorsTable {
  uri: string;
  handle: string | null;
  name: string;
  url: string | null;
  icon_url: string | null;
  inbox: string;
  shared_inbox: string | null;
  updated_at: string;
}

export interface RemoteFollowersTable {
  artist_id: string;
  actor_uri: string;
  follow_id: string | null;
  created_at: string;
}

export interface RemoteTrackActionTable {
  track_id: string;
  actor_uri: string;
  activity_id: string | null;
  created_at: string;
}

export interface RemoteRepliesTable {
  uri: string;
  track_id: string;
  actor_uri: string;
  content: string;
  created_at: string;
}

export interface FederatedTracksTable {
  track_id: string;
  artist_id: string;
  hash: string;
  sent_at: string;
}

export interface RemoteFollowingTable {
  user_id: string;
  actor_uri: string;
  follow_id: string;
  accepted: Generated<number>;
  created_at: string;
}

export interface RemoteTracksTable {
  uri: string;
  actor_uri: string;
  name: string;
  audio_url: string | null;
  media_type: string | null;
  duration: number | null;
  image_url: string | null;
  page_url: string | null;
  published: string;
  updated_at: string;
}

export interface FederatedPostsTable {
  post_id: string;
  artist_id: string;
  hash: string;
  sent_at: string;
}

/** A Note a followed remote artist delivered (migration federation-publishing). */
export interface RemoteNotesTable {
  uri: string;
  actor_uri: string;
  /** Plain text (the HTML's tags dropped). */
  content: string;
  url: string | null;
  published: string;
  updated_at: string;
}

/** A deleted account's actor: it answers 410 Gone (migration federation-publishing). */
export interface FederationGoneTable {
  profile_id: string;
  handle: string;
  deleted_at: string;
}

export interface RemoteTrackReactionsTable {
  user_id: string;
  track_uri: string;
  kind: 'like' | 'repost';
  activity_id: string;
  created_at: string;
}

export interface SentRepliesTable {
  id: string;
  user_id: string;
  track_uri: string;
  content: string;
  created_at: string;
}

export interface FederationBlocksTable {
  host: string;
  created_at: string;
}

export interface Database {
  user: AuthUserTable;
  session: AuthSessionTable;
  profiles: ProfilesTable;
  tracks: TracksTable;
  track_lyrics: TrackLyricsTable;
  track_likes: TrackLikesTable;
  listens: ListensTable;
  comments: CommentsTable;
  posts: PostsTable;
  post_likes: PostLikesTable;
  playlists: PlaylistsTable;
  playlist_tracks: PlaylistTracksTable;
  playlist_collaborators: PlaylistCollaboratorsTable;
  playlist_activity: PlaylistActivityTable;
  follows: FollowsTable;
  history: HistoryTable;
  reports: ReportsTable;
  contact_messages: ContactMessagesTable;
  uploads: UploadsTable;
  catalogue_counters: CatalogueCountersTable;
  search_words: SearchWordsTable;
  tracks_search: TracksSearchTable;
  lyrics_search: LyricsSearchTable;
  artists_search: ArtistsSearchTable;
  notifications: NotificationsTable;
  notification_optouts: NotificationOptoutsTable;
  releases: ReleasesTable;
  release_likes: ReleaseLikesTable;
  track_tags: TrackTagsTable;
  listenbrainz_links: ListenBrainzLinksTable;
  listenbrainz_pending: ListenBrainzPendingTable;
  subsonic_credentials: SubsonicCredentialsTable;
  play_queues: PlayQueuesTable;
  now_playing: NowPlayingTable;
  track_similar: TrackSimilarTable;
  radio_cursors: RadioCursorsTable;
  daily_mixes: DailyMixesTable;
  email_digest_optins: EmailDigestOptinsTable;
  email_digests: EmailDigestsTable;
  data_exports: DataExportsTable;
  twoFactor: AuthTwoFactorTable;
  passkey: AuthPasskeyTable;
  account_deletions: AccountDeletionsTable;
  admin_audit: AdminAuditTable;
  fedify_kv: FedifyKvTable;
  federation_actors: FederationActorsTable;
  remote_actors: RemoteActorsTable;
  remote_followers: RemoteFollowersTable;
  remote_likes: RemoteTrackActionTable;
  remote_reposts: RemoteTrackActionTable;
  remote_replies: RemoteRepliesTable;
  federated_tracks: FederatedTracksTable;
  remote_following: RemoteFollowingTable;
  remote_tracks: RemoteTracksTable;
  remote_track_reactions: RemoteTrackReactionsTable;
  sent_replies: SentRepliesTable;
  federation_blocks: FederationBlocksTable;
  federated_posts: FederatedPostsTable;
  remote_notes: RemoteNotesTable;
  federation_gone: FederationGoneTable;
}

export type ProfileRow = Selectable<ProfilesTable>;
export type NewProfile = Insertable<ProfilesTable>;
export type ProfileUpdate = Updateable<ProfilesTable>;
export type TrackRow = Selectable<TracksTable>;
export type NewTrack = Insertable<TracksTable>;
export type UploadRow = Selectable<UploadsTable>;
