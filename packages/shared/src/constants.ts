/** Business constants of SPEC section 9, shared by server and web. */
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
