import type { RadioItem } from '@platter/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useDailyMix } from '../api/radio-queries';
import { RadioTrackList } from './radio-track-list';

/** The "Daily mix" row of the home tab: for a signed-in listener with history (nothing otherwise). */
export function DailyMix({ signedIn, activeTrackId, onPlay }: { signedIn: boolean; activeTrackId: string | null; onPlay: (items: readonly RadioItem[], index: number) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const mix = useDailyMix(signedIn);
  if (!signedIn || !mix.data || mix.data.items.length === 0) return null;
  const items = mix.data.items;
  return (
    <section className="radio-section radio-section--mix" aria-labelledby={titleId} data-testid="daily-mix">
      <header className="radio-section__header">
        <h2 id={titleId} className="radio-section__title">
          {t('radio.dailyMix')}
        </h2>
        <button type="button" className="button button--primary" onClick={() => onPlay(items, 0)}>
          {t('radio.playMix')}
        </button>
      </header>
      <RadioTrackList items={items.slice(0, 6)} label={t('radio.dailyMix')} activeTrackId={activeTrackId} onPlay={(_shown, index) => onPlay(items, index)} />
    </section>
  );
}
