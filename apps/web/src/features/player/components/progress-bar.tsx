import { formatTime } from '@platter/shared/format';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { currentEntry, playerActions } from '../player-reducer';
import { usePlayerStore } from '../player-store';
import './bar-range.css';
import './progress-bar.css';

export function ProgressBar() {
  const { t } = useTranslation();
  const position = usePlayerStore((state) => state.position);
  // The element knows the real length; the catalogue's value fills in until its metadata loads.
  const duration = usePlayerStore((state) => state.duration ?? currentEntry(state)?.track.duration ?? null);
  const dispatch = usePlayerStore((state) => state.dispatch);
  // Nothing picked yet: no times to show (the slider keeps its place, disabled).
  const idle = usePlayerStore((state) => !currentEntry(state));
  const max = duration && duration > 0 ? duration : 0;
  const value = Math.min(position, max);
  const percent = max > 0 ? (value / max) * 100 : 0;

  return (
    <div className={idle ? 'progress progress--idle' : 'progress'}>
      <span className="progress__time" data-testid="elapsed">
        {formatTime(value)}
      </span>
      <input
        className="progress__slider"
        type="range"
        aria-label={t('player.seek')}
        aria-valuetext={`${formatTime(value)} / ${formatTime(duration)}`}
        min={0}
        max={max}
        step="any"
        value={value}
        disabled={max === 0}
        style={{ '--progress': `${percent}%` } as CSSProperties}
        onChange={(event) => dispatch(playerActions.seek(Number(event.currentTarget.value)))}
      />
      <span className="progress__time" data-testid="duration">
        {formatTime(duration)}
      </span>
    </div>
  );
}
