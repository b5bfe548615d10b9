import type { Track } from '@platter/shared';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CollapseIcon, ExpandIcon, KeyboardIcon, QueueIcon } from '../../../components/icons';
import { Image } from '../../../components/image';
import { lazyNamed } from '../../../lib/lazy-named';
import { useBarSwipes } from '../hooks/use-bar-swipes';
import { usePlayerShortcuts } from '../hooks/use-player-shortcuts';
import { playerCommands } from '../player-commands';
import { currentEntry, playerActions } from '../player-reducer';
import { usePlayerStore } from '../player-store';
import { usePlayerUi } from '../player-ui-store';
import { NowPlaying } from './now-playing';
import { PlayerAnnouncer } from './player-announcer';
import { CommandButton, PlayerControls } from './player-controls';
import { LyricsButton } from './lyrics-panel';
import { ProgressBar } from './progress-bar';
import { ShortcutsDialog } from './shortcuts-dialog';
import { SoundButton, SoundPanel } from './sound-panel';
import { SpectrumAnalyser } from './spectrum-analyser';
import { VinylRecord } from './vinyl-record';
import { VolumeControl } from './volume-control';
import { Waveform, type WaveformMarker } from './waveform';
import { isRemoteTrack } from '../../../lib/remote-track';
import './player-bar.css';

/** Up Next is a chunk loaded when it is first opened. */
const UpNextPanel = lazyNamed(() => import('./up-next-panel'), 'UpNextPanel');

export interface PlayerBarProps {
  /** Timed comments of the current track, marked on its waveform. */
  markers?: readonly WaveformMarker[];
  /** Buttons the app adds before the bar's own (the comments button). */
  extra?: ReactNode;
  /**
   * What the app shows next to the current track's title (its Like button): the player knows
   * nothing of likes, the app wires the likes feature in here.
   */
  renderTrackAction?: (track: Track) => ReactNode;
}

export function PlayerBar({ markers, extra, renderTrackAction }: PlayerBarProps = {}) {
  const { t } = useTranslation();
  const trackId = usePlayerStore((state) => currentEntry(state)?.track.id ?? null);
  const catalogueDuration = usePlayerStore((state) => currentEntry(state)?.track.duration ?? null);
  const playing = usePlayerStore((state) => state.playing);
  const fullScreen = usePlayerStore((state) => state.fullScreen);
  const dispatch = usePlayerStore((state) => state.dispatch);
  const track = usePlayerStore((state) => currentEntry(state)?.track ?? null);
  const withoutUrl = track?.url === '';
  const upNextOpen = usePlayerUi((state) => state.upNextOpen);
  const { setUpNextOpen, setShortcutsOpen } = usePlayerUi.getState();
  const { marker, handlers } = useBarSwipes();
  usePlayerShortcuts();

  return (
    <section
      className={`player-bar ${fullScreen ? 'player-bar--full' : ''}`}
      aria-label={t('player.label')}
      data-testid="player-bar"
      {...handlers}
    >
      {marker && (
        <span
          key={marker.seq}
          className={`swipe-marker swipe-${marker.direction}`}
          data-testid="swipe-marker"
          data-direction={marker.direction}
          aria-hidden="true"
        />
      )}
      <div className="player-bar__track">
        {fullScreen ? (
          <VinylRecord spinning={playing} cover={track?.image ?? track?.release?.image} className="player-bar__vinyl" />
        ) : (
          // A sleeve (the cover, or a placeholder of the same size) with the record peeking out;
          // a tap on it opens the full-screen player (the narrow bar has no room for its button).
          <button
            type="button"
            className="player-bar__art"
            data-testid="player-art"
            aria-label={t('player.openFullScreen')}
            disabled={!track}
            onClick={() => dispatch(playerActions.toggleFullScreen())}
          >
            <VinylRecord spinning={playing} className="player-bar__vinyl" />
            <Image key={track?.id} src={track?.image ?? track?.release?.image} alt="" className="player-bar__cover" data-testid="player-cover" />
          </button>
        )}
        {withoutUrl && <SpectrumAnalyser className="player-bar__spectrum" />}
        <NowPlaying />
        {track && renderTrackAction && <div className="player-bar__track-action">{renderTrackAction(track)}</div>}
      </div>
      <div className="player-bar__center">
        <PlayerControls />
        {trackId && !isRemoteTrack({ id: trackId }) && (
          <Waveform
            key={trackId}
            trackId={trackId}
            duration={catalogueDuration}
            markers={markers}
            className="player-bar__waveform"
          />
        )}
        <ProgressBar />
      </div>
      <div className="player-bar__extra">
        <VolumeControl className="player-bar__volume" />
        {extra}
        <SoundButton />
        <LyricsButton />
        <button
          type="button"
          className="player-button player-button--toggle"
          aria-label={t('player.upNext')}
          title={t('player.upNext')}
          aria-expanded={upNextOpen}
          onClick={() => setUpNextOpen(!upNextOpen)}
        >
          <QueueIcon />
        </button>
        <button
          type="button"
          className="player-button player-bar__shortcuts"
          aria-label={t('player.showShortcuts')}
          title={`${t('player.showShortcuts')} (?)`}
          onClick={() => setShortcutsOpen(true)}
        >
          <KeyboardIcon />
        </button>
        <CommandButton
          command={playerCommands.toggleFullScreen}
          icon={fullScreen ? <CollapseIcon /> : <ExpandIcon />}
          pressed={fullScreen}
        />
      </div>
      {upNextOpen && (
        // It opens over the page on a press: nothing to hold a place for while it loads.
        <Suspense fallback={null}>
          <UpNextPanel />
        </Suspense>
      )}
      <ShortcutsDialog />
      <SoundPanel />
      <PlayerAnnouncer />
    </section>
  );
}
