import { GENRES, type Genre } from '@platter/shared/constants';
import { useTranslation } from 'react-i18next';
import { DailyMix } from '../../../features/radio/components/daily-mix';
import { StartRadioButton } from '../../../components/start-radio-button';
import { playRadioItems, startRadio } from '../../radio';
import { genreLabel } from '../../../lib/genre-label';

/**
 * The home tab's radio: the signed-in listener's daily mix, and "Start radio" for the
 * genre the list is filtered by.
 */
export function HomeRadio({ signedIn, activeTrackId, genre }: { signedIn: boolean; activeTrackId: string | null; genre: string | null }) {
  const { t } = useTranslation();
  const picked = GENRES.includes(genre as Genre) ? (genre as Genre) : null;
  return (
    <>
      <DailyMix signedIn={signedIn} activeTrackId={activeTrackId} onPlay={(items, index) => playRadioItems({ kind: 'track', id: '', label: t('radio.dailyMix') }, items, index)} />
      {picked && (
        <div className="home-radio" data-testid="genre-radio">
          <StartRadioButton key={picked} onStart={() => startRadio({ kind: 'genre', id: picked, label: genreLabel(t, picked) })} />
        </div>
      )}
    </>
  );
}
