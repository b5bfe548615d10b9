import type { RadioItem } from '@platter/shared';
import { useTranslation } from 'react-i18next';
import { useSimilarTracks } from '../api/radio-queries';
import { RadioTrackList } from './radio-track-list';
import './radio.css';

/** "Similar tracks" on a track's page, as a row of cards (nothing while none are known). */
export function SimilarTracks({ trackId, activeTrackId, onPlay }: { trackId: string; activeTrackId: string | null; onPlay: (items: readonly RadioItem[], index: number) => void }) {
  const { t } = useTranslation();
  const similar = useSimilarTracks(trackId);
  if (!similar.data || similar.data.items.length === 0) return null;
  return (
    <div className="radio-section" data-testid="similar-tracks">
      <RadioTrackList title={t('radio.similar')} items={similar.data.items} activeTrackId={activeTrackId} onPlay={onPlay} />
    </div>
  );
}
