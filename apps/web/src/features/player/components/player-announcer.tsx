import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { currentEntry, type PlayerState } from '../player-reducer';
import { usePlayerStore } from '../player-store';

/**
 * What changed in the player, for a screen reader: the track (a pick, next, previous, the end of
 * one), play and pause, and the queue (an entry moved or removed, entries added, Up next
 * cleared). It watches the store rather than the buttons, so every way of changing the player
 * (keys, the bar, Up next, drag and drop, a remote device) is announced the same way.
 */
export function announcement(t: TFunction, state: PlayerState, prev: PlayerState): string | null {
  const entry = currentEntry(state);
  const before = currentEntry(prev);
  if (entry && entry.entryId !== before?.entryId) {
    return t('player.announce.nowPlaying', {
      title: entry.track.title || t('player.unknownTrack'),
      artist: entry.track.artist || t('player.unknownArtist'),
    });
  }
  if (state.wantsToPlay !== prev.wantsToPlay && entry) return t(state.wantsToPlay ? 'player.announce.playing' : 'player.announce.paused');
  if (state.queue === prev.queue || !entry || !before) return null;
  // The queue changed under the same current entry: compare what comes after it.
  const upcoming = state.queue.slice((state.current ?? 0) + 1);
  const upcomingBefore = prev.queue.slice((prev.current ?? 0) + 1);
  const ids = new Set(state.queue.map((item) => item.entryId));
  const titleOf = (item: { track: { title: string } }) => item.track.title || t('player.unknownTrack');
  if (upcoming.length === 0 && upcomingBefore.length > 1) return t('player.announce.cleared');
  if (state.queue.length < prev.queue.length) {
    const gone = prev.queue.find((item) => !ids.has(item.entryId));
    return gone ? t('player.announce.removed', { title: titleOf(gone) }) : null;
  }
  if (state.queue.length > prev.queue.length) return t('player.announce.added', { count: state.queue.length - prev.queue.length });
  // Same entries, another order: the moved one is the entry without which both orders read the same.
  const without = (list: typeof upcoming, id: string) => list.filter((item) => item.entryId !== id).map((item) => item.entryId).join(' ');
  const candidates = upcoming.filter(
    (item, index) => upcomingBefore[index]?.entryId !== item.entryId && without(upcoming, item.entryId) === without(upcomingBefore, item.entryId),
  );
  // Two neighbours swapped read the same either way: the one whose row holds the focus was moved.
  const focused = typeof document === 'undefined' ? null : document.activeElement?.closest<HTMLElement>('[data-entry-id]')?.dataset.entryId;
  const moved = candidates.find((item) => item.entryId === focused) ?? candidates[0];
  if (!moved) return null;
  return t('player.announce.moved', { title: titleOf(moved), position: upcoming.indexOf(moved) + 1, total: upcoming.length });
}

/** A polite live region (visually hidden) that says what changed in the player. */
export function PlayerAnnouncer() {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');

  useEffect(
    () =>
      usePlayerStore.subscribe((state, prev) => {
        const next = announcement(t, state, prev);
        if (next) setMessage(next);
      }),
    [t],
  );

  return (
    <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true" data-testid="player-announcer">
      {message}
    </p>
  );
}
