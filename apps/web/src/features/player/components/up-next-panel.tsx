import { STREAM_QUALITIES, type StreamQuality, usePlaybackPreferences } from '../../../lib/playback';
import { radioReasonText, useRadioStore } from '../../../lib/radio';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { CROSSFADE_MAX, playerActions, upcomingEntries } from '../player-reducer';
import { usePlayerStore } from '../player-store';
import { usePlayerUi } from '../player-ui-store';
import { CloseIcon, DownIcon, UpIcon } from '../../../components/icons';
import './bar-panel.css';
import './up-next-panel.css';

type MoveAction = 'up' | 'down';

/**
 * The Up Next panel: the entries after the current one, which the listener can play, reorder
 * (Move up / Move down buttons, or drag and drop), remove and clear; and the crossfade setting.
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
  const [dragged, setDragged] = useState<string | null>(null);

  useEffect(() => {
    panelRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!refocus || !listRef.current) return;
    const row = [...listRef.current.querySelectorAll<HTMLElement>('[data-entry-id]')].find(
      (candidate) => candidate.dataset.entryId === refocus.entryId,
    );
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-action="${refocus.action}"]`);
    const fallback = row?.querySelector<HTMLButtonElement>(`[data-action="${refocus.action === 'up' ? 'down' : 'up'}"]`);
    (wanted && !wanted.disabled ? wanted : fallback)?.focus();
  }, [refocus, upcoming]);

  const move = (entryId: string, index: number, action: MoveAction) => {
    moveEntry(entryId, offset + index + (action === 'up' ? -1 : 1));
    setRefocus({ entryId, action });
  };

  const onDrop = (event: DragEvent, index: number) => {
    event.preventDefault();
    const entryId = dragged ?? event.dataTransfer.getData('text/plain');
    setDragged(null);
    if (entryId) moveEntry(entryId, offset + index);
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
        <ol ref={listRef} className="up-next__list" aria-labelledby={titleId}>
          {upcoming.map(({ entryId, track }, index) => {
            const title = track.title || t('player.unknownTrack');
            return (
              <li
                key={entryId}
                className={`up-next__entry ${dragged === entryId ? 'up-next__entry--dragged' : ''}`}
                data-testid="up-next-entry"
                data-entry-id={entryId}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', entryId);
                  setDragged(entryId);
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(event) => event.preventDefault()}
                onDrop={(event) => onDrop(event, index)}
              >
                <button
                  type="button"
                  className="up-next__play"
                  aria-label={t('player.playEntry', { title })}
                  onClick={() => dispatch(playerActions.jumpTo(entryId))}
                >
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
                  aria-label={t('player.removeEntry', { title })}
                  title={t('player.removeEntry', { title })}
                  onClick={() => removeEntry(entryId)}
                >
                  <CloseIcon />
                </button>
              </li>
            );
          })}
        </ol>
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
