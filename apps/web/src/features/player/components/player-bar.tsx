import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { CollapseIcon, ExpandIcon } from '../../../components/icons';
import { usePlayerShortcuts } from '../hooks/use-player-shortcuts';
import { playerActions } from '../player-reducer';
import { usePlayerStore } from '../player-store';
import { NowPlaying } from './now-playing';
import { PlayerControls } from './player-controls';
import { ProgressBar } from './progress-bar';
import { VinylRecord } from './vinyl-record';
import './player-bar.css';

export function PlayerBar() {
  const { t } = useTranslation();
  const playing = usePlayerStore((state) => state.playing);
  const fullScreen = usePlayerStore((state) => state.fullScreen);
  const dispatch = usePlayerStore((state) => state.dispatch);
  usePlayerShortcuts();

  useEffect(() => {
    if (!fullScreen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') dispatch(playerActions.toggleFullScreen());
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [fullScreen, dispatch]);

  const fullScreenLabel = t(fullScreen ? 'player.exitFullScreen' : 'player.fullScreen');

  return (
    <section className={`player-bar ${fullScreen ? 'player-bar--full' : ''}`} aria-label={t('player.label')}>
      <div className="player-bar__track">
        <VinylRecord spinning={playing} className="player-bar__vinyl" />
        <NowPlaying />
      </div>
      <div className="player-bar__center">
        <PlayerControls />
        <ProgressBar />
      </div>
      <div className="player-bar__extra">
        <button
          type="button"
          className="player-button"
          aria-label={fullScreenLabel}
          title={fullScreenLabel}
          aria-pressed={fullScreen}
          onClick={() => dispatch(playerActions.toggleFullScreen())}
        >
          {fullScreen ? <CollapseIcon /> : <ExpandIcon />}
        </button>
      </div>
    </section>
  );
}
