import type { Track } from '@platter/shared';
import { LOUDNESS_TARGET_LUFS } from '@platter/shared/constants';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/**
 * What plays for a track: which of its files (the streaming quality, or the copy saved for
 * offline listening) and at what gain (loudness normalization). Shared by the player, which
 * loads and levels the files, and offline saving, which stores the chosen one.
 */

/** The listener's streaming quality: Auto follows the network where the browser tells it. */
export type StreamQuality = 'auto' | 'high' | 'saver';
export const STREAM_QUALITIES: readonly StreamQuality[] = ['auto', 'high', 'saver'];

export interface PlaybackPreferences {
  quality: StreamQuality;
  /** Loudness normalization to LOUDNESS_TARGET_LUFS; on by default. */
  normalize: boolean;
  setQuality(quality: StreamQuality): void;
  setNormalize(normalize: boolean): void;
}

/** The listener's playback preferences, remembered in this browser. */
export const usePlaybackPreferences = create<PlaybackPreferences>()(
  persist(
    (set) => ({
      quality: 'auto',
      normalize: true,
      setQuality: (quality) => set({ quality: STREAM_QUALITIES.includes(quality) ? quality : 'auto' }),
      setNormalize: (normalize) => set({ normalize }),
    }),
    {
      name: 'platter-playback',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ quality, normalize }) => ({ quality, normalize }),
      merge: (persisted, current) => {
        const value = (persisted ?? {}) as Partial<PlaybackPreferences>;
        return {
          ...current,
          quality: STREAM_QUALITIES.includes(value.quality as StreamQuality) ? (value.quality as StreamQuality) : current.quality,
          normalize: typeof value.normalize === 'boolean' ? value.normalize : current.normalize,
        };
      },
    },
  ),
);

/** What the Network Information API gives (Chromium, Android); absent elsewhere. */
export interface ConnectionInfo {
  saveData?: boolean;
  effectiveType?: string;
}

/**
 * High or data saver: `auto` picks data saver when the browser says the listener asked to save
 * data or the connection is 3G-like or slower, and high otherwise (or when the browser says nothing).
 */
export function effectiveQuality(quality: StreamQuality, connection: ConnectionInfo | undefined = browserConnection()): 'high' | 'saver' {
  if (quality !== 'auto') return quality;
  if (connection?.saveData) return 'saver';
  return connection?.effectiveType && ['slow-2g', '2g', '3g'].includes(connection.effectiveType) ? 'saver' : 'high';
}

function browserConnection(): ConnectionInfo | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

/** The file of that quality: its rendition, else the original (not processed yet, or small enough as uploaded). */
export function renditionUrl(track: Pick<Track, 'url' | 'audio'>, quality: 'high' | 'saver'): string {
  const audio = track.audio;
  if (!audio) return track.url;
  return (quality === 'saver' ? audio.saver : audio.high) ?? track.url;
}

/**
 * The URL the player loads for a track: the copy saved for offline listening when there is one
 * (it plays without a network, whatever the setting is now), else the file of the chosen quality.
 */
export function streamUrl(track: Pick<Track, 'id' | 'url' | 'audio'>, quality: StreamQuality = usePlaybackPreferences.getState().quality): string {
  return offlineAudioUrl(track.id) ?? renditionUrl(track, effectiveQuality(quality));
}

/** A raised track's true peak stays at or under this (dBTP): headroom for the lossy renditions' overshoot. */
export const TRUE_PEAK_CEILING_DBTP = -1;

/**
 * The linear gain that brings a track to LOUDNESS_TARGET_LUFS. A louder track is turned down to
 * the target. A quieter one is raised only with `raise` (the player's Web Audio gain stage can go
 * past 1; an element's volume cannot), and only as far as its true peak allows: never so that
 * truePeak + gain passes TRUE_PEAK_CEILING_DBTP, and never below 1 (a quiet track whose peaks are
 * already hot plays as it is). Without a measured true peak a quiet track is not raised. 1 for a
 * track not measured (or silent).
 */
export function normalizationGain(track: Pick<Track, 'audio'>, { raise = false }: { raise?: boolean } = {}): number {
  const loudness = track.audio?.loudness;
  if (loudness === null || loudness === undefined) return 1;
  const toTarget = LOUDNESS_TARGET_LUFS - loudness;
  if (toTarget <= 0) return 10 ** (toTarget / 20);
  const peak = track.audio?.truePeak;
  if (!raise || peak === null || peak === undefined) return 1;
  const db = Math.max(0, Math.min(toTarget, TRUE_PEAK_CEILING_DBTP - peak));
  return 10 ** (db / 20);
}

/**
 * Which audio URL each saved track was stored under (the file chosen when it was saved): a small
 * index of its own beside the saved tracks' metadata, so the player finds it without the schemas.
 */
const OFFLINE_AUDIO_KEY = 'platter-offline-audio';

function readOfflineIndex(): Record<string, string> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(OFFLINE_AUDIO_KEY) ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

export function offlineAudioUrl(trackId: string): string | undefined {
  if (typeof localStorage === 'undefined') return undefined;
  const url = readOfflineIndex()[trackId];
  return typeof url === 'string' ? url : undefined;
}

/** Records (or, with undefined, forgets) the URL a saved track's audio is stored under. */
export function setOfflineAudioUrl(trackId: string, url: string | undefined): void {
  const index = readOfflineIndex();
  if (url === undefined) delete index[trackId];
  else index[trackId] = url;
  localStorage.setItem(OFFLINE_AUDIO_KEY, JSON.stringify(index));
}
