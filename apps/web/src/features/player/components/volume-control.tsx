import { useEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { playerCommands, VOLUME_STEP } from '../player-commands';
import { outputVolume, playerActions } from '../player-reducer';
import { usePlayerStore } from '../player-store';
import { CommandButton } from './player-controls';
import { VolumeIcon } from '../../../components/icons';
import './bar-range.css';
import './volume-control.css';

/**
 * Mute and a volume slider. The slider shows what is heard (0 while muted); moving it, the
 * ↑/↓ keys anywhere, or the mouse wheel over it change the volume. The wheel is taken with a
 * native non-passive listener, so that turning it over the slider does not scroll the page too.
 */
export function VolumeControl({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const heard = usePlayerStore(outputVolume);
  const dispatch = usePlayerStore((state) => state.dispatch);
  const ref = useRef<HTMLDivElement>(null);
  const percent = Math.round(heard * 100);
  const level = heard === 0 ? 'muted' : heard < 0.5 ? 'low' : 'high';

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY === 0) return;
      event.preventDefault();
      const state = usePlayerStore.getState();
      const from = outputVolume(state);
      const to = from + (event.deltaY < 0 ? VOLUME_STEP : -VOLUME_STEP);
      state.dispatch(playerActions.setVolume(Math.round(to * 100) / 100));
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  return (
    <div ref={ref} className={`volume ${className}`} data-testid="volume">
      <CommandButton command={playerCommands.toggleMute} icon={<VolumeIcon level={level} />} className="volume__mute" />
      <input
        className="volume__slider"
        type="range"
        aria-label={t('player.volume')}
        aria-valuetext={`${percent}%`}
        min={0}
        max={100}
        step={1}
        value={percent}
        style={{ '--volume': `${percent}%` } as CSSProperties}
        onChange={(event) => dispatch(playerActions.setVolume(Number(event.currentTarget.value) / 100))}
      />
    </div>
  );
}
