import type { Genre, Track } from '@platter/shared';
import { type TrackWithArtist, parseTags } from '../repositories/track.repository.js';

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
    image: row.image_key ? mediaUrl(row.image_key) : null,
    waveform: row.waveform_status,
    hidden: row.hidden === 1,
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
  };
}

/** What search matches against: JS lower-casing handles Cyrillic and other non-ASCII letters. */
export const searchText = (title: string, artist: string, tags: string[] = []): string => [title, artist, ...tags].join(' ').toLowerCase();
