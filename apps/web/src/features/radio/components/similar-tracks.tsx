import type { RadioItem } from '@platter/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSimilarTracks } from '../api/radio-queries';
import { RadioTrackList } from './radio-track-list';

/** "Similar tracks" on a track's page (nothing while none are known). */
export function SimilarTracks({ trackId, activeTrackId, onPlay }: { trackId: string; activeTrackId: string | null; onPlay: (items: readonly RadioItem[], index: number) => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const similar = useSimilarTracks(trackId);
  if (!similar.data || similar.data.items.length === 0) return null;
  return (
    <section className="radio-section" aria-labelledby={titleId} data-testid="similar-tracks">
      <h2 id={titleId} className="radio-section__title">
        {t('radio.similar')}
      </h2>
      <RadioTrackList items={similar.data.items} label={t('radio.similar')} activeTrackId={activeTrackId} onPlay={onPlay} />
    </section>
  );
}
