import type { Track } from '@platter/shared';
import { currentLyricsLine } from '@platter/shared/lyrics-lines';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { CloseIcon, Icon, type IconProps } from '../../../components/icons';
import { lyricsQueryOptions } from '../../../lib/lyrics-api';
import { currentEntry, playerActions } from '../player-reducer';
import { usePlayerStore } from '../player-store';
import './bar-panel.css';
import './lyrics-panel.css';

/** Whether the lyrics panel is open (component state, never persisted). */
export const useLyricsPanel = create<{ open: boolean; setOpen: (open: boolean) => void }>()((set) => ({
  open: false,
  setOpen: (open) => set({ open }),
}));

const LyricsIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 5h11v2H4V5Zm0 4h11v2H4V9Zm0 4h7v2H4v-2Zm14-8h2v10.5a2.5 2.5 0 1 1-2-2.45V5Z" />
  </Icon>
);

/**
 * The lyrics button of the player bar (and of the full-screen player, which shows the same
 * buttons), present only when the current track has lyrics, and the panel it opens.
 */
export function LyricsButton() {
  const { t } = useTranslation();
  const track = usePlayerStore((state) => currentEntry(state)?.track ?? null);
  const open = useLyricsPanel((state) => state.open);
  const setOpen = useLyricsPanel((state) => state.setOpen);
  if (!track?.hasLyrics) return null;
  return (
    <>
      <button
        type="button"
        className="player-button player-button--toggle"
        aria-label={t('lyrics.show')}
        title={t('lyrics.show')}
        aria-expanded={open}
        data-testid="lyrics-button"
        onClick={() => setOpen(!open)}
      >
        <LyricsIcon />
      </button>
      {open && <LyricsPanel key={track.id} track={track} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The current track's lyrics: synced lines with the one playing highlighted and kept in the
 * middle of the list as the audio advances (a click on a line seeks to it); plain lyrics unsynced.
 */
export function LyricsPanel({ track, onClose }: { track: Track; onClose: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { data, isPending, isError } = useQuery(lyricsQueryOptions(track.id));
  const positionMs = usePlayerStore((state) => Math.round(state.position * 1000));
  const dispatch = usePlayerStore((state) => state.dispatch);
  const synced = data?.kind === 'synced';
  const active = synced ? currentLyricsLine(data.lines, positionMs) : -1;
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const list = listRef.current;
    const line = active >= 0 ? list?.children[active] : undefined;
    if (!list || !(line instanceof HTMLElement)) return;
    // (jsdom has no element scrolling.)
    if (typeof list.scrollTo === 'function') list.scrollTo({ top: line.offsetTop - list.clientHeight / 2 + line.clientHeight / 2, behavior: 'smooth' });
  }, [active]);

  return (
    <div
      className="lyrics-panel"
      role="dialog"
      aria-labelledby={titleId}
      data-testid="lyrics-panel"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
    >
      <header className="lyrics-panel__header">
        <h2 id={titleId} className="lyrics-panel__title">
          {t('lyrics.title')}
        </h2>
        <button type="button" className="player-button" aria-label={t('lyrics.close')} title={t('lyrics.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </header>
      {isPending ? (
        <p className="lyrics-panel__note">{t('lyrics.loading')}</p>
      ) : isError ? (
        <p className="lyrics-panel__note">{t('lyrics.unavailable')}</p>
      ) : (
        <ol ref={listRef} className={`lyrics-panel__lines ${synced ? '' : 'lyrics-panel__lines--plain'}`} data-kind={data.kind}>
          {data.lines.map((line, index) =>
            synced && line.startMs !== undefined ? (
              <li key={index} className="lyrics-panel__line" data-testid="lyrics-line" data-start-ms={line.startMs} aria-current={index === active ? 'true' : undefined}>
                <button type="button" className="lyrics-panel__seek" onClick={() => dispatch(playerActions.seek(line.startMs! / 1000))}>
                  {line.text || '♪'}
                </button>
              </li>
            ) : (
              <li key={index} className="lyrics-panel__line" data-testid="lyrics-line">
                {line.text || '\u00a0'}
              </li>
            ),
          )}
        </ol>
      )}
    </div>
  );
}
