import type { RadioItem } from '@platter/shared';
import { useTranslation } from 'react-i18next';
import { radioReasonText } from '../../../lib/radio';
import './radio.css';

export interface RadioTrackListProps {
  items: readonly RadioItem[];
  label: string;
  activeTrackId: string | null;
  onPlay: (items: readonly RadioItem[], index: number) => void;
}

/** Tracks with why each one is here ("Because you played X"); a click plays from that track. */
export function RadioTrackList({ items, label, activeTrackId, onPlay }: RadioTrackListProps) {
  const { t } = useTranslation();
  return (
    <ol className="radio-list" aria-label={label}>
      {items.map((item, index) => (
        <li key={item.track.id} className={`radio-list__item ${item.track.id === activeTrackId ? 'radio-list__item--active' : ''}`} data-testid="radio-item">
          <button type="button" className="radio-list__play" aria-label={t('radio.play', { title: item.track.title })} onClick={() => onPlay(items, index)}>
            <span className="radio-list__title">{item.track.title}</span>
            <span className="radio-list__artist">{item.track.artist}</span>
            <span className="radio-list__reason">{radioReasonText(t, item.reason)}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}
