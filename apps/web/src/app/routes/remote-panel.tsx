import { formatTime } from '@platter/shared/format';
import { NextIcon, PauseIcon, PlayIcon, PreviousIcon } from '../../components/icons';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { playerActions } from '../../features/player/player-reducer';
import { usePlayerStore } from '../../features/player/player-store';
import { type RemoteDevice, remotePosition, sendRemoteCommand, useRemoteDevices } from '../remote-control';
import { useReservedSpace } from './reserved-space';
import './continue-banner.css';
import './remote-panel.css';

/** One of my other players: what it plays, where (moving while it plays), and its controls. */
function RemoteDeviceItem({ device }: { device: RemoteDevice }) {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(tick);
  }, []);
  const { state } = device;
  const position = remotePosition(device, now);
  const send = (command: Parameters<typeof sendRemoteCommand>[1], value?: number) => void sendRemoteCommand(device.id, command, value).catch((error: unknown) => console.warn('remote command not sent', error));
  return (
    <li className="remote-device" data-testid="remote-device" data-device-id={device.id}>
      <p className="remote-device__name">{device.name}</p>
      <p className="remote-device__track">{state.title ? t('remote.playing', { title: state.title, artist: state.artist ?? '' }) : t('remote.idle')}</p>
      <p className="remote-device__time" data-testid="remote-device-time">
        {formatTime(position)}
        {state.durationSec ? ` / ${formatTime(state.durationSec)}` : ''}
        {state.playing ? '' : ` · ${t('remote.paused')}`}
      </p>
      {state.blocked ? (
        <p className="remote-device__blocked" role="status">
          {t('remote.blocked', { name: device.name })}
        </p>
      ) : null}
      <div className="remote-device__controls">
        <button type="button" className="button" onClick={() => send('previous')} aria-label={t('remote.previous', { name: device.name })}>
          <PreviousIcon width={18} height={18} />
        </button>
        <button type="button" className="button button--primary" onClick={() => send(state.playing ? 'pause' : 'play')} aria-label={t(state.playing ? 'remote.pause' : 'remote.play', { name: device.name })}>
          {state.playing ? <PauseIcon width={18} height={18} /> : <PlayIcon width={18} height={18} />}
        </button>
        <button type="button" className="button" onClick={() => send('next')} aria-label={t('remote.next', { name: device.name })}>
          <NextIcon width={18} height={18} />
        </button>
      </div>
      {state.durationSec ? (
        <label className="remote-device__slider">
          <span>{t('remote.seek')}</span>
          <input type="range" min={0} max={Math.round(state.durationSec)} step={1} value={Math.round(position)} aria-label={t('remote.seekOn', { name: device.name })} onChange={(event) => send('seek', Number(event.currentTarget.value))} />
        </label>
      ) : null}
      <label className="remote-device__slider">
        <span>{t('remote.volume')}</span>
        <input type="range" min={0} max={100} step={1} value={Math.round(state.volume * 100)} aria-label={t('remote.volumeOn', { name: device.name })} onChange={(event) => send('volume', Number(event.currentTarget.value) / 100)} />
      </label>
    </li>
  );
}

/** "Devices": shown in the player bar when another of my players is open; steers it from here. */
export function RemoteButton() {
  const { t } = useTranslation();
  const id = useId();
  const known = useRemoteDevices((s) => s.devices);
  const devices = useMemo(() => Object.values(known), [known]);
  const [open, setOpen] = useState(false);
  // The notices above the player bar move up above the open panel instead of lying under it.
  const panel = useRef<HTMLElement>(null);
  useReservedSpace(panel, '--remote-panel-space', 12, open && devices.length > 0);
  if (devices.length === 0) return null;
  return (
    <div className="remote">
      <button type="button" className="player-button" aria-expanded={open} aria-controls={id} aria-label={t('remote.open', { count: devices.length })} title={t('remote.open', { count: devices.length })} onClick={() => setOpen(!open)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <rect x="3" y="4" width="13" height="10" rx="1.5" fill="none" stroke="currentColor" strokeWidth="2" />
          <rect x="17" y="8" width="5" height="12" rx="1" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M7 18h6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      {open && (
        <section id={id} ref={panel} className="remote__panel" aria-label={t('remote.title')} data-testid="remote-panel">
          <h2 className="remote__title">{t('remote.title')}</h2>
          <ul className="remote__list">
            {devices.map((device) => (
              <RemoteDeviceItem key={device.id} device={device} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/**
 * "Tap to play": the browser refused to start sound on this page because nobody has touched it yet
 * (another player sent "play", or a restored queue). A tap on the button is the gesture it wants.
 */
export function TapToPlay() {
  const { t } = useTranslation();
  const blocked = usePlayerStore((s) => s.blocked);
  const dispatch = usePlayerStore((s) => s.dispatch);
  if (!blocked) return null;
  return (
    <section className="continue-banner" role="region" aria-label={t('remote.tapLabel')} data-testid="tap-to-play">
      <p className="continue-banner__text">{t('remote.tapText')}</p>
      <button type="button" className="button button--primary" onClick={() => dispatch(playerActions.play())}>
        {t('remote.tapPlay')}
      </button>
    </section>
  );
}
