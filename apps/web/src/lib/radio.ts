import type { DailyMix, RadioPage, RadioReason, SimilarTracks, Track } from '@platter/shared';
import type { TFunction } from 'i18next';
import { create } from 'zustand';
import { apiRequest } from './api-client';
import { genreLabel } from './genre-label';

/*
 * Radio (an endless queue of tracks like a seed), shared by the features that start one (track actions, artist page, home) and
 * the player's Up Next, which shows it. The player itself is driven from app/ (app/radio.ts).
 */

export type RadioSeedKind = 'track' | 'artist' | 'genre';
export interface RadioSeed {
  kind: RadioSeedKind;
  id: string;
  label: string;
}

/** The player asks for more when fewer than this many tracks are left after the current one (RADIO_REFILL_BELOW). */
export const RADIO_REFILL_BELOW = 3;
export const RADIO_PAGE = 10;
/** At most this many recently played ids go with a request (RADIO_EXCLUDE_MAX). */
export const RADIO_EXCLUDE_MAX = 200;

export function fetchRadio(seed: Pick<RadioSeed, 'kind' | 'id'>, exclude: readonly string[], limit = RADIO_PAGE, signal?: AbortSignal): Promise<RadioPage> {
  return apiRequest('/api/radio', {
    schema: 'radioPageSchema',
    query: { seed: `${seed.kind}:${seed.id}`, exclude: exclude.slice(0, RADIO_EXCLUDE_MAX).join(','), limit },
    signal,
  });
}

export function fetchSimilar(trackId: string, signal?: AbortSignal): Promise<SimilarTracks> {
  return apiRequest(`/api/tracks/${encodeURIComponent(trackId)}/similar`, { schema: 'similarTracksSchema', signal });
}

export function fetchDailyMix(signal?: AbortSignal): Promise<DailyMix> {
  return apiRequest('/api/me/daily-mix', { schema: 'dailyMixSchema', signal });
}

export interface RadioState {
  /** The radio playing now, or null. */
  seed: RadioSeed | null;
  /** Why each track the radio queued is there, by track id. */
  reasons: Record<string, RadioReason>;
  /** A request for more is under way. */
  loading: boolean;
  /** The last request brought nothing new: no more requests until the queue moves on. */
  dry: boolean;
  start(seed: RadioSeed, items: ReadonlyArray<{ track: Track; reason: RadioReason }>): void;
  add(items: ReadonlyArray<{ track: Track; reason: RadioReason }>): void;
  stop(): void;
}

const reasonsOf = (items: ReadonlyArray<{ track: Track; reason: RadioReason }>) => Object.fromEntries(items.map((i) => [i.track.id, i.reason]));

export const useRadioStore = create<RadioState>()((set) => ({
  seed: null,
  reasons: {},
  loading: false,
  dry: false,
  start: (seed, items) => set({ seed, reasons: reasonsOf(items), loading: false, dry: false }),
  add: (items) => set((state) => ({ reasons: { ...state.reasons, ...reasonsOf(items) }, dry: items.length === 0 })),
  stop: () => set({ seed: null, reasons: {}, loading: false, dry: false }),
}));

/**
 * What goes in `exclude`: the current track and the ones before it, most recent first (the server
 * seeds on the first few), then the ones already waiting, so nothing comes twice.
 */
export function radioExclude(queue: ReadonlyArray<{ track: { id: string } }>, current: number | null): string[] {
  const at = current ?? -1;
  const played = queue.slice(0, at + 1).map((e) => e.track.id).reverse();
  const waiting = queue.slice(at + 1).map((e) => e.track.id);
  return [...new Set([...played, ...waiting])].slice(0, RADIO_EXCLUDE_MAX);
}

/** Whether the radio should ask for more: fewer than RADIO_REFILL_BELOW tracks after the current one. */
export function radioNeedsMore(queueLength: number, current: number | null): boolean {
  return queueLength - ((current ?? -1) + 1) < RADIO_REFILL_BELOW;
}

/** "Because you played X", "Listeners of X also liked", "Tagged #x", "Same genre", "By X". */
export function radioReasonText(t: TFunction, reason: RadioReason): string {
  const seed = reason.seedTitle ?? '';
  switch (reason.kind) {
    case 'co-listened':
      return seed ? t('radio.reason.coListened', { title: seed }) : t('radio.reason.coListenedPlain');
    case 'co-liked':
      return seed ? t('radio.reason.coLiked', { title: seed }) : t('radio.reason.coLikedPlain');
    case 'same-tags':
      return reason.detail ? t('radio.reason.tagged', { tag: reason.detail }) : t('radio.reason.taggedPlain');
    case 'same-genre':
      return reason.detail ? t('radio.reason.genre', { genre: genreLabel(t, reason.detail) }) : t('radio.reason.genrePlain');
    case 'artist':
      return t('radio.reason.artist', { artist: reason.detail ?? '' });
    case 'fresh':
      return t('radio.reason.fresh');
  }
}
