import { formatTime } from '@platter/shared/format';
import { useTranslation } from 'react-i18next';
import { continueFrom, useQueueOffer } from '../play-queue-sync';
import './continue-banner.css';

/** "Continue from Firefox on Linux: <track> at 1:23": the queue another device (or app) saved since. */
export function ContinueBanner() {
  const { t } = useTranslation();
  const offer = useQueueOffer((state) => state.offer);
  if (!offer) return null;
  const track = offer.tracks[offer.index];
  if (!track) return null;
  return (
    <section className="continue-banner" role="region" aria-label={t('continueQueue.label')} data-testid="continue-banner">
      <p className="continue-banner__text">
        {t('continueQueue.text', { device: offer.device, title: track.title, artist: track.artist, time: formatTime(offer.positionSec) })}
      </p>
      <button type="button" className="button button--primary" onClick={() => continueFrom(offer)}>
        {t('continueQueue.continue')}
      </button>
      <button type="button" className="button" aria-label={t('continueQueue.dismiss')} onClick={() => useQueueOffer.getState().set(null)}>
        ×
      </button>
    </section>
  );
}
