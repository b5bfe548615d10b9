import { STREAM_QUALITIES, type StreamQuality, usePlaybackPreferences } from '../../../lib/playback';
import { radioReasonText, useRadioStore } from '../../../lib/radio';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { CROSSFADE_MAX, playerActions, upcomingEntries } from '../player-reducer';
import { usePlayerStore } from '../player-store';
import { usePlayerUi } from '../player-ui-store';
import { CloseIcon, DownIcon, UpIcon } from '../../../components/icons';
import { DragHandle, SortableItem, SortableList } from '../../../components/sortable/sortable';
import './bar-panel.css';
import './up-next-panel.css';

type MoveAction = 'up' | 'down' | 'remove';

/**
 * The Up Next panel: the entries after the current one, which the listener can play, reorder
 * (Move up / Move down buttons, or drag and drop by the grip with the mouse, a finger or the
 * keyboard), remove and clear; and the crossfade setting.
 */
export function UpNextPanel() {
  const { t } = useTranslation();
  const titleId = useId();
  const crossfadeId = useId();
  const qualityId = useId();
  const { quality, normalize, setQuality, setNormalize } = usePlaybackPreferences();
  const setOpen = usePlayerUi((state) => state.setUpNextOpen);
  const upcoming = usePlayerStore(useShallow(upcomingEntries));
  /** Queue index of the first upcoming entry. */
  const offset = usePlayerStore((state) => (state.current === null ? 0 : state.current + 1));
  const crossfade = usePlayerStore((state) => state.crossfade);
  // Radio mode: what the radio plays from, and why each of its tracks is here.
  const radioSeed = useRadioStore((state) => state.seed);
  const radioReasons = useRadioStore((state) => state.reasons);
  const { moveEntry, removeEntry, clearUpcoming, setCrossfade, dispatch } = usePlayerStore.getState();
  const listRef = useRef<HTMLOListElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  /** Keeps keyboard focus on the button that moved an entry, wherever the entry went. */
  const [refocus, setRefocus] = useState<{ entryId: string; action: MoveAction } | null>(null);

  useEffect(() => {
    // Focus moves into the panel, and back to what opened it (the Up next button) when it closes.
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    panelRef.current?.focus();
    return () => {
      const active = document.activeElement;
      if (opener?.isConnected && (!active || active === document.body)) opener.focus();
    };
  }, []);

  useEffect(() => {
    if (!refocus) return;
    const row = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-entry-id]') ?? [])].find(
      (candidate) => candidate.dataset.entryId === refocus.entryId,
    );
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-action="${refocus.action}"]`);
    const fallback = row?.querySelector<HTMLButtonElement>(`[data-action="${refocus.action === 'up' ? 'down' : 'up'}"]`);
    const target = wanted && !wanted.disabled ? wanted : fallback;
    if (target) target.focus();
    else if (refocus.action === 'remove') panelRef.current?.focus();
  }, [refocus, upcoming]);

  const move = (entryId: string, index: number, action: MoveAction) => {
    moveEntry(entryId, offset + index + (action === 'up' ? -1 : 1));
    setRefocus({ entryId, action });
  };


  return (
    <div
      ref={panelRef}
      className="up-next"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        setOpen(false);
      }}
    >
      <header className="up-next__header">
        <h2 id={titleId} className="up-next__title">
          {t('player.upNext')}
        </h2>
        <button
          type="button"
          className="button button--secondary up-next__clear"
          disabled={upcoming.length === 0}
          onClick={clearUpcoming}
        >
          {t('player.clearUpcoming')}
        </button>
        <button type="button" className="player-button" aria-label={t('player.close')} title={t('player.close')} onClick={() => setOpen(false)}>
          <CloseIcon />
        </button>
      </header>

      {radioSeed && (
        <p className="up-next__radio" data-testid="radio-seed">
          {t('radio.upNext', { seed: radioSeed.label })}
        </p>
      )}
      {upcoming.length === 0 ? (
        <p className="up-next__empty">{t('player.upNextEmpty')}</p>
      ) : (
        <SortableList
          ids={upcoming.map((entry) => entry.entryId)}
          nameOf={(id) => upcoming.find((entry) => entry.entryId === id)?.track.title || t('player.unknownTrack')}
          onMove={(entryId, _from, to) => moveEntry(entryId, offset + to)}
        >
          <ol ref={listRef} className="up-next__list" aria-labelledby={titleId}>
            {upcoming.map(({ entryId, track }, index) => {
              const title = track.title || t('player.unknownTrack');
              return (
                <SortableItem key={entryId} id={entryId} className="up-next__entry" data-testid="up-next-entry" data-entry-id={entryId}>
                  <DragHandle className="up-next__grip" label={t('sortable.handle', { title })} />
                  <button
                    type="button"
                    className="up-next__play"
                    onClick={() => dispatch(playerActions.jumpTo(entryId))}
                  >
                    {/* Named by what it shows, after a word for what it does (label in name): "Play Title - Artist". */}
                    <span className="visually-hidden">{t('player.playEntryPrefix')}</span>{' '}
                    <span className="up-next__track-title">{title}</span>
                    <span className="up-next__artist"> - {track.artist || t('player.unknownArtist')}</span>
                    {radioSeed && radioReasons[track.id] && (
                      <span className="up-next__reason" data-testid="radio-reason">
                        {radioReasonText(t, radioReasons[track.id]!)}
                      </span>
                    )}
                  </button>
                  <button
                    type="button"
                    className="player-button up-next__action"
                    data-action="up"
                    aria-label={t('player.moveUp', { title })}
                    title={t('player.moveUp', { title })}
                    disabled={index === 0}
                    onClick={() => move(entryId, index, 'up')}
                  >
                    <UpIcon />
                  </button>
                  <button
                    type="button"
                    className="player-button up-next__action"
                    data-action="down"
                    aria-label={t('player.moveDown', { title })}
                    title={t('player.moveDown', { title })}
                    disabled={index === upcoming.length - 1}
                    onClick={() => move(entryId, index, 'down')}
                  >
                    <DownIcon />
                  </button>
                  <button
                    type="button"
                    className="player-button up-next__action"
                    data-action="remove"
                    aria-label={t('player.removeEntry', { title })}
                    title={t('player.removeEntry', { title })}
                    onClick={() => {
                      // The focus goes on to the next entry's Remove (the previous one's at the end), not to the page.
                      const neighbour = upcoming[index + 1] ?? upcoming[index - 1];
                      removeEntry(entryId);
                      setRefocus({ entryId: neighbour?.entryId ?? '', action: 'remove' });
                    }}
                  >
                    <CloseIcon />
                  </button>
                </SortableItem>
              );
            })}
          </ol>
        </SortableList>
      )}

      <div className="up-next__setting">
        <label htmlFor={crossfadeId}>{t('player.crossfade')}</label>
        <input
          id={crossfadeId}
          type="range"
          min={0}
          max={CROSSFADE_MAX}
          step={1}
          value={crossfade}
          aria-valuetext={crossfade === 0 ? t('player.crossfadeOff') : t('player.crossfadeValue', { seconds: crossfade })}
          onChange={(event) => setCrossfade(Number(event.currentTarget.value))}
        />
        <output htmlFor={crossfadeId} data-testid="crossfade-value">
          {crossfade === 0 ? t('player.crossfadeOff') : t('player.crossfadeValue', { seconds: crossfade })}
        </output>
      </div>
      <div className="up-next__setting">
        <label htmlFor={qualityId}>{t('player.quality')}</label>
        <select id={qualityId} value={quality} onChange={(event) => setQuality(event.currentTarget.value as StreamQuality)}>
          {STREAM_QUALITIES.map((value) => (
            <option key={value} value={value}>
              {t(`player.qualities.${value}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="up-next__setting">
        <label>
          <input type="checkbox" checked={normalize} onChange={(event) => setNormalize(event.currentTarget.checked)} /> {t('player.normalize')}
        </label>
      </div>
    </div>
  );
}
