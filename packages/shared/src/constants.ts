/**
 * Business constants of SPEC section 9 and the limits of the contracts, shared by server and web.
 * No zod here: `@platter/shared/constants` is this module alone, so the web's first paint can use
 * them without the schemas (the package's root exports them too).
 */
export const GENRES = ['Rap', 'Hip-Hop', 'Trap', 'Pop', 'Phonk', 'Dance', 'Other'] as const;
export type Genre = (typeof GENRES)[number];
export const DEFAULT_GENRE: Genre = 'Other';
/** 'All' is a filter, never a stored genre. */
export const ALL_GENRES = 'All';

export const STATUSES = ['creator', 'artist', 'premium', 'user'] as const;
export type Status = (typeof STATUSES)[number];

export const NARROW_BREAKPOINT_PX = 768;
export const POST_MAX_LENGTH = 180;
export const HOME_PAGE_SIZE = 9;
export const MAX_PAGE_SIZE = 100;
export const TOP_CHARTS_LIMIT = 10;
export const RECENT_SEARCHES_LIMIT = 10;
export const TRACK_HISTORY_LIMIT = 20;
export const SESSION_HISTORY_LIMIT = 15;
export const PAGE_TRANSITION_MS = 250;
export const SWIPE_MARKER_MS = 300;
export const TRACK_TITLE_MAX_LENGTH = 200;
export const UPLOAD_URL_TTL_MINUTES = 15;
/** Email sign-up passwords (better-auth's minPasswordLength/maxPasswordLength); the web form checks them first. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Audio container types accepted by the upload protocol, keyed by sniffed MIME type. */
export const AUDIO_MIME_TYPES = [
  'audio/mpeg',
  'audio/ogg',
  'audio/opus',
  'audio/flac',
  'audio/x-flac',
  'audio/wav',
  'audio/x-wav',
  'audio/vnd.wave',
  'audio/wave',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/aacp',
  'audio/webm',
  'video/webm',
] as const;

/* ---------- Listener features (social.ts) ---------- */

export const PLAYLIST_NAME_MAX_LENGTH = 100;
export const REPORT_REASON_MAX_LENGTH = 500;
export const HISTORY_LIMIT = 50;
/** Entries on one page of a playlist's page (`GET /api/playlists/:id?page=`). */
export const PLAYLIST_PAGE_SIZE = 50;
/** The most entries one request may ask for (Play all of a long playlist reads it in pages this size). */
export const PLAYLIST_MAX_PAGE_SIZE = 500;

/* ---------- Studio and social side (studio.ts) ---------- */

export const COMMENT_MAX_LENGTH = 500;
export const COMMENTS_LIMIT = 1000;
export const DISPLAY_NAME_MAX_LENGTH = 60;
export const BIO_MAX_LENGTH = 500;
export const CONTACT_NAME_MAX_LENGTH = 100;
export const CONTACT_SUBJECT_MAX_LENGTH = 200;
export const CONTACT_MESSAGE_MAX_LENGTH = 5000;
export const NEWS_PAGE_SIZE = 20;
/** Images (avatar, profile cover, track cover) larger than this are refused with 413. */
export const MAX_IMAGE_MB = 8;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;
/** How many bars a waveform has; the client scales them to its width. */
export const WAVEFORM_BARS = 800;
export const DASHBOARD_RANGES = [7, 30, 90] as const;

/* ---------- Public site (site.ts) ---------- */

/** SPEC section 1's marketing claims, shown where no real figure replaces them. */
export const MARKETING_CLAIMS = {
  rating: '4.0',
  downloads: '1000+',
  size: '50MB',
  version: 'v1.0.2',
  tracks: '50+',
  users: '1000+',
  countries: '20+',
} as const;

/** The Android package's Content-Type. */
export const APK_CONTENT_TYPE = 'application/vnd.android.package-archive';

/** How old a listen made offline may be when it finally reaches the server. */
export const OFFLINE_LISTEN_MAX_AGE_DAYS = 30;

/** The streaming renditions the media engine makes (MP3, constant bitrate) when the upload is above them. */
export const RENDITION_HIGH_KBPS = 320;
export const RENDITION_SAVER_KBPS = 128;
/** The loudness the player normalizes to (LUFS), never raising a track past its true peak. */
export const LOUDNESS_TARGET_LUFS = -14;

/* ---------- Releases and tags (releases.ts) ---------- */

/** Free tags a track may have besides its genre, and how long one may be. */
export const TRACK_TAGS_MAX = 5;
export const TAG_MAX_LENGTH = 30;
