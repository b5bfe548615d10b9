import type { RadioItem } from '@platter/shared';
import { useTranslation } from 'react-i18next';
import { useDailyMix } from '../api/radio-queries';
import { RadioTrackList } from './radio-track-list';
import './radio.css';

/** How many of the mix's tracks the home row shows ("Play the mix" plays them all). */
const SHOWN = 12;

/** The "Daily mix" row of the home tab: for a signed-in listener with history (nothing otherwise). */
export function DailyMix({ signedIn, activeTrackId, onPlay }: { signedIn: boolean; activeTrackId: string | null; onPlay: (items: readonly RadioItem[], index: number) => void }) {
  const { t } = useTranslation();
  const mix = useDailyMix(signedIn);
  if (!signedIn || !mix.data || mix.data.items.length === 0) return null;
  const items = mix.data.items;
  return (
    <div className="radio-section radio-section--mix" data-testid="daily-mix">
      <RadioTrackList
        title={t('radio.dailyMix')}
        items={items.slice(0, SHOWN)}
        activeTrackId={activeTrackId}
        onPlay={(shown, index) => onPlay([...shown, ...items.slice(SHOWN)], index)}
        actions={
          <button type="button" className="button button--primary" onClick={() => onPlay(items, 0)}>
            {t('radio.playMix')}
          </button>
        }
      />
    </div>
  );
}
