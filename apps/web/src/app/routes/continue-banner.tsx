import { formatTime } from '@platter/shared/format';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dismissOffer, useQueueOffer } from '../play-queue-sync';
import { continueHere, liveOffer, useRemoteDevices } from '../remote-control';
import { TapToPlay } from './remote-panel';
import { useReservedSpace } from './reserved-space';
import './continue-banner.css';

/**
 * "Continue from Firefox on Linux: <track> at 1:23": the queue another device (or app) saved since,
 * at the position that device plays now when it is open (it moves on while the notice shows).
 */
export function ContinueBanner() {
  const { t } = useTranslation();
  const offer = useQueueOffer((state) => state.offer);
  const known = useRemoteDevices((state) => state.devices);
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!offer) return;
    const tick = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(tick);
  }, [offer]);
  const shown = useMemo(() => (offer ? liveOffer(offer, Object.values(known), now) : null), [offer, known, now]);
  const track = shown?.tracks[shown.index];
  if (!shown || !track) return null;
  const onContinue = () => {
    setBusy(true);
    continueHere(shown).finally(() => setBusy(false));
  };
  return (
    <section className="continue-banner" role="region" aria-label={t('continueQueue.label')} aria-busy={busy} data-testid="continue-banner">
      <p className="continue-banner__text">
        {t('continueQueue.text', { device: shown.device, title: track.title, artist: track.artist, time: formatTime(shown.positionSec) })}
      </p>
      <div className="continue-banner__actions">
        <button type="button" className="button button--primary" disabled={busy} onClick={onContinue}>
          {t('continueQueue.continue')}
        </button>
        <button type="button" className="button" onClick={() => dismissOffer(shown)}>
          {t('continueQueue.dismiss')}
        </button>
      </div>
    </section>
  );
}

/**
 * The notices above the player bar ("Continue from …", "Tap to play"): the page keeps their height
 * free at its end (--notice-space, in --player-space), so they cover none of it once scrolled down.
 */
export function PlayerNotices() {
  const ref = useRef<HTMLDivElement>(null);
  useReservedSpace(ref, '--notice-space');
  return (
    <div className="player-notices" ref={ref}>
      <ContinueBanner />
      <TapToPlay />
    </div>
  );
}
