import type { RadioItem } from '@platter/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CardGroup, CardRow, TrackCard } from '../../../components/card-row/card-row';
import { radioReasonText } from '../../../lib/radio';

export interface RadioTrackListProps {
  title: string;
  items: readonly RadioItem[];
  activeTrackId: string | null;
  /** Plays `items` (in the order shown) from `index`. */
  onPlay: (items: readonly RadioItem[], index: number) => void;
  actions?: ReactNode;
  testId?: string;
}

/**
 * Radio tracks as a row of cards, grouped by why they are here: the reason ("Same genre: Trap",
 * "Because you played X") is said once above its group, not on every card. Groups come in the
 * order of their first track; playing goes through the row in the order shown.
 */
export function RadioTrackList({ title, items, activeTrackId, onPlay, actions, testId }: RadioTrackListProps) {
  const { t } = useTranslation();
  const groups = new Map<string, RadioItem[]>();
  for (const item of items) {
    const reason = radioReasonText(t, item.reason);
    groups.set(reason, [...(groups.get(reason) ?? []), item]);
  }
  const ordered = [...groups.values()].flat();
  return (
    <CardRow title={title} actions={actions} testId={testId}>
      {[...groups].map(([reason, group]) => (
        <CardGroup key={reason} caption={reason} label={`${title}: ${reason}`}>
          {group.map((item) => (
            <TrackCard key={item.track.id} track={item.track} active={item.track.id === activeTrackId} onPlay={() => onPlay(ordered, ordered.indexOf(item))} />
          ))}
        </CardGroup>
      ))}
    </CardRow>
  );
}
