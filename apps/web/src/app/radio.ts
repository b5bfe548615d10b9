import type { RadioItem, Track } from '@platter/shared';
import { useEffect } from 'react';
import { currentEntry } from '../features/player/player-reducer';
import { usePlayerStore } from '../features/player/player-store';
import { fetchRadio, radioExclude, radioNeedsMore, type RadioSeed, RADIO_PAGE, useRadioStore } from '../lib/radio';

/*
 * The player's radio mode (an endless queue of tracks like a seed), wired here because it joins two places: the player's queue
 * (features/player) and the radio's state and API (lib/radio). A radio queues its first tracks,
 * then asks for more whenever fewer than RADIO_REFILL_BELOW are left; it stops when the listener
 * plays something else.
 */

/**
 * Starts a radio: from a track it plays that track first, then what the radio brings; from an
 * artist or a genre, the radio's first track. Resolves false when the radio has nothing to play.
 */
/** The entry the radio started with: when it leaves the queue (another list was played), the radio ends. */
let anchorEntryId: string | null = null;
/** Whether the playing radio asks for more (a daily mix or similar tracks do not). */
let endless = true;

function begin(seed: RadioSeed, items: readonly RadioItem[], tracks: readonly Track[], index: number, refills: boolean) {
  endless = refills;
  usePlayerStore.getState().setList(tracks, index);
  anchorEntryId = usePlayerStore.getState().queue[0]?.entryId ?? null;
  useRadioStore.getState().start(seed, items);
}

export async function startRadio(seed: RadioSeed, first?: Track): Promise<boolean> {
  const page = await fetchRadio(seed, first ? [first.id] : []);
  const tracks = [...(first ? [first] : []), ...page.items.map((i) => i.track)];
  if (tracks.length === 0) return false;
  begin({ ...seed, label: page.seed.label }, page.items, tracks, 0, true);
  return true;
}

/** Plays items (a daily mix, similar tracks) from `index`, their reasons shown in Up Next; no refill. */
export function playRadioItems(seed: RadioSeed, items: readonly RadioItem[], index: number): void {
  begin(
    seed,
    items,
    items.map((i) => i.track),
    index,
    false,
  );
}

/** The refill: mounted once (AppRoot). */
export function useRadioRefill(): void {
  useEffect(() => {
    let lastCurrent: string | null = null;
    const check = () => {
      const player = usePlayerStore.getState();
      const radio = useRadioStore.getState();
      if (!radio.seed) return;
      const entry = currentEntry(player);
      // The listener played another list: the radio ends.
      if (!entry || !player.queue.some((e) => e.entryId === anchorEntryId)) {
        radio.stop();
        return;
      }
      const moved = entry.entryId !== lastCurrent;
      lastCurrent = entry.entryId;
      if (!endless || radio.loading || (radio.dry && !moved) || !radioNeedsMore(player.queue.length, player.current)) return;
      const seed = radio.seed;
      useRadioStore.setState({ loading: true });
      fetchRadio(seed, radioExclude(player.queue, player.current), RADIO_PAGE)
        .then((page) => {
          if (useRadioStore.getState().seed !== seed) return;
          // Not twice in what waits (a small catalogue's radio comes round again to what was played).
          const now = usePlayerStore.getState();
          const known = new Set(now.queue.slice(now.current ?? 0).map((e) => e.track.id));
          const fresh = page.items.filter((i) => !known.has(i.track.id));
          useRadioStore.getState().add(fresh);
          if (fresh.length > 0) usePlayerStore.getState().enqueue(fresh.map((i) => i.track));
        })
        .catch((error: unknown) => {
          console.error('radio', error);
          // Not again until the queue moves on (no retry loop while offline).
          useRadioStore.setState({ dry: true });
        })
        .finally(() => {
          useRadioStore.setState({ loading: false });
          // Still short (a small page), ask again; a dry radio waits for the queue to move.
          check();
        });
    };
    const unsubscribePlayer = usePlayerStore.subscribe((state, previous) => {
      if (state.queue !== previous.queue || state.current !== previous.current) check();
    });
    const unsubscribeRadio = useRadioStore.subscribe((state, previous) => {
      if (state.seed !== previous.seed && state.seed) check();
    });
    return () => {
      unsubscribePlayer();
      unsubscribeRadio();
    };
  }, []);
}
