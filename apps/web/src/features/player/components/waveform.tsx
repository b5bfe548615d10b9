import type { WaveformStatus } from '@platter/shared';
import { formatTime } from '@platter/shared/format';
import { useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useWaveform } from '../api/get-waveform';
import { currentEntry, playerActions } from '../player-reducer';
import { usePlayerStore } from '../player-store';
import './waveform.css';

/** A point of the track to mark on the waveform: a timed comment. */
export interface WaveformMarker {
  id: string;
  positionSec: number;
  /** The tooltip: who wrote it and what. */
  title: string;
}

export interface WaveformProps {
  trackId: string;
  /** The catalogue's length, used until the audio element (or the waveform) tells a better one. */
  duration?: number | null;
  markers?: readonly WaveformMarker[];
  /**
   * A seek while this track is not the current one (the track page starts playing it there).
   * Without it the waveform of a track that is not playing cannot seek.
   */
  onStartAt?: (seconds: number) => void;
  className?: string;
}

/** Pixels per bar (a 2 px bar and a 1 px gap). */
const BAR_STEP_PX = 3;
/** Bars before the element is measured (and where ResizeObserver is missing). */
const FALLBACK_BARS = 160;
/** Seconds an arrow key seeks, like the player's shortcuts. */
const KEY_STEP = 5;

/** Scales the server's peaks to `count` bars, keeping each bucket's loudest peak so short hits stay visible. */
export function resamplePeaks(peaks: readonly number[], count: number): number[] {
  if (count <= 0 || peaks.length === 0) return [];
  const bars: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const from = Math.floor((index * peaks.length) / count);
    const to = Math.max(from + 1, Math.floor(((index + 1) * peaks.length) / count));
    let loudest = 0;
    for (let peak = from; peak < to && peak < peaks.length; peak += 1) loudest = Math.max(loudest, peaks[peak] ?? 0);
    bars.push(Math.min(1, Math.max(0, loudest)));
  }
  return bars;
}

/** One SVG path of mirrored bars in a `count × 100` box. */
function barsPath(bars: readonly number[]): string {
  return bars
    .map((peak, index) => {
      const height = Math.max(2, peak * 100);
      return `M${index} ${((100 - height) / 2).toFixed(2)}h0.66v${height.toFixed(2)}h-0.66z`;
    })
    .join('');
}

/** How many bars fit the element's width, following its resizes. */
function useBarCount(element: HTMLElement | null): number {
  const [count, setCount] = useState(FALLBACK_BARS);
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = (width: number) => width > 0 && setCount(Math.max(16, Math.floor(width / BAR_STEP_PX)));
    measure(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => measure(entries[0]?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return count;
}

const clamp = (value: number, max: number) => Math.min(Math.max(0, value), max);

/**
 * The track's waveform from the server's peaks, with the played part highlighted, timed comments
 * marked, and click or arrow keys to seek. Pending peaks show a placeholder; a track whose audio
 * could not be decoded shows a plain progress line.
 */
export function Waveform({ trackId, duration: catalogueDuration = null, markers = [], onStartAt, className = '' }: WaveformProps) {
  const { t } = useTranslation();
  const waveform = useWaveform(trackId);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const barCount = useBarCount(element);
  const isCurrent = usePlayerStore((state) => currentEntry(state)?.track.id === trackId);
  const position = usePlayerStore((state) => (currentEntry(state)?.track.id === trackId ? state.position : 0));
  const playerDuration = usePlayerStore((state) => (currentEntry(state)?.track.id === trackId ? state.duration : null));
  const peaks = waveform.data?.status === 'ready' ? waveform.data.peaks : null;
  const path = useMemo(() => (peaks ? barsPath(resamplePeaks(peaks, barCount)) : ''), [peaks, barCount]);
  const onStartAtRef = useRef(onStartAt);
  useEffect(() => {
    onStartAtRef.current = onStartAt;
  }, [onStartAt]);

  // While loading, hold the place (no slider yet); if the peaks cannot be fetched, render nothing
  // and let the page keep its plain progress bar.
  if (waveform.isPending) return <div className={`waveform waveform--loading ${className}`} aria-hidden="true" />;
  if (!waveform.data) return null;
  const status: WaveformStatus = waveform.data.status;
  const length = playerDuration ?? waveform.data.duration ?? catalogueDuration ?? 0;
  const max = length > 0 ? length : 0;
  const value = clamp(position, max);
  const percent = max > 0 ? (value / max) * 100 : 0;
  const disabled = max === 0 || (!isCurrent && !onStartAt);

  const seekTo = (seconds: number) => {
    if (disabled) return;
    const to = clamp(seconds, max);
    if (isCurrent) usePlayerStore.getState().dispatch(playerActions.seek(to));
    else onStartAtRef.current?.(to);
  };

  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    seekTo(((event.clientX - rect.left) / rect.width) * max);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = {
      ArrowLeft: value - KEY_STEP,
      ArrowDown: value - KEY_STEP,
      ArrowRight: value + KEY_STEP,
      ArrowUp: value + KEY_STEP,
      Home: 0,
      End: max,
    }[event.key];
    if (target === undefined || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    seekTo(target);
  };

  const played = { '--played': `${percent}%` } as CSSProperties;
  return (
    <div
      ref={setElement}
      className={`waveform waveform--${status} ${className}`}
      data-testid="waveform"
      data-status={status}
      role="slider"
      aria-label={t('player.seek')}
      aria-valuemin={0}
      aria-valuemax={Math.round(max)}
      aria-valuenow={Math.round(value)}
      aria-valuetext={`${formatTime(value)} / ${formatTime(max)}`}
      aria-disabled={disabled || undefined}
      title={status === 'ready' ? undefined : t(`waveform.${status}`)}
      tabIndex={disabled ? -1 : 0}
      style={played}
      onClick={onClick}
      onKeyDown={onKeyDown}
    >
      {status === 'ready' ? (
        <>
          <svg className="waveform__bars" viewBox={`0 0 ${barCount} 100`} preserveAspectRatio="none" aria-hidden="true">
            <path d={path} />
          </svg>
          <svg
            className="waveform__bars waveform__bars--played"
            viewBox={`0 0 ${barCount} 100`}
            preserveAspectRatio="none"
            aria-hidden="true"
          >
            <path d={path} />
          </svg>
        </>
      ) : (
        <span className="waveform__line" aria-hidden="true" />
      )}
      {max > 0 &&
        markers
          .filter((marker) => marker.positionSec >= 0 && marker.positionSec <= max)
          .map((marker) => (
            <span
              key={marker.id}
              className="waveform__marker"
              data-testid="waveform-comment-marker"
              data-comment-id={marker.id}
              title={marker.title}
              style={{ left: `${(marker.positionSec / max) * 100}%` }}
            />
          ))}
    </div>
  );
}
