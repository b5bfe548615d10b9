import type { Genre, Track } from '@platter/shared';
import { searchForm } from '../lib/transliteration.js';
import { type TrackWithArtist, parseTags } from '../repositories/track-query.js';

/** The URL a track's audio streams from: the media route serves storage keys by path. */
export const mediaUrl = (storageKey: string): string => `/media/${storageKey.split('/').map(encodeURIComponent).join('/')}`;

export function toTrack(row: TrackWithArtist): Track {
  return {
    id: row.id,
    title: row.title,
    genre: row.genre as Genre,
    artist: row.artist_name,
    artistId: row.artist_id,
    url: mediaUrl(row.storage_key),
    duration: row.duration,
    likes: row.likes_count,
    listens: row.listens_count,
    createdAt: row.created_at,
    // A release's track without a cover of its own shows the release's (issue 29).
    image: row.image_key ? mediaUrl(row.image_key) : row.release_image_key ? mediaUrl(row.release_image_key) : null,
    waveform: row.waveform_status,
    // Hidden by an admin (moderation); visibility (public, unlisted, private) says the rest.
    hidden: row.moderated === 1,
    audio: {
      status: row.audio_status,
      sourceCodec: row.source_codec,
      sourceKbps: row.source_kbps,
      loudness: row.loudness_lufs,
      truePeak: row.true_peak_dbtp,
      high: row.high_key ? mediaUrl(row.high_key) : null,
      saver: row.saver_key ? mediaUrl(row.saver_key) : null,
    },
    reposts: row.reposts_count,
    tags: parseTags(row.tags),
    release: row.release_id && row.release_title !== null ? { id: row.release_id, title: row.release_title, image: row.release_image_key ? mediaUrl(row.release_image_key) : null } : null,
    visibility: row.visibility,
    publishAt: row.publish_at,
    downloadable: row.downloadable === 1,
    hasLyrics: row.has_lyrics === 1,
  };
}

/**
 * A track as one viewer sees it: its owner and admins get the unlisted link's secret;
 * whoever opened an unlisted track with its secret gets it back, and the audio URLs carry it
 * (`?s=`), since the media route knows them by nothing else.
 */
export function toTrackFor(row: TrackWithArtist, access: { owner: boolean; secret?: string }): Track {
  const track = toTrack(row);
  if (access.owner) return row.secret ? { ...track, secret: row.secret } : track;
  if (!row.hidden || !access.secret) return track;
  const withSecret = (url: string) => `${url}?s=${encodeURIComponent(access.secret!)}`;
  return {
    ...track,
    secret: access.secret,
    url: withSecret(track.url),
    audio: track.audio && { ...track.audio, high: track.audio.high && withSecret(track.audio.high), saver: track.audio.saver && withSecret(track.audio.saver) },
  };
}

/** What a track's session-less media URL depends on. */
export interface PlayableTrack {
  storage_key: string;
  hidden: number;
  visibility: string;
  secret: string | null;
  moderated: number;
  suspended: number;
}

/**
 * The URL that plays a track's audio in any player, without a session (playlist files: M3U8 and
 * XSPF, so VLC or mpv plays them): a listed track's media URL; an unlisted one's (its owner's
 * export) with its secret (`?s=`), which the media route takes. A private or moderated track has
 * none (undefined): only a session opens it.
 */
export function playableUrl(origin: string, row: PlayableTrack): string | undefined {
  const url = `${origin}${mediaUrl(row.storage_key)}`;
  if (!row.hidden) return url;
  if (row.visibility === 'unlisted' && row.secret && !row.moderated && !row.suspended) return `${url}?s=${encodeURIComponent(row.secret)}`;
  return undefined;
}

/** What search matches against: title, artist and tags lower-cased, then their spellings in the other script (lib/transliteration.ts). */
export const searchText = (title: string, artist: string, tags: string[] = []): string => searchForm([title, artist, ...tags].join(' '));
