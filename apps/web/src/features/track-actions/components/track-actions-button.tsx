import type { Track } from '@platter/shared';
import { useTranslation } from 'react-i18next';
import { MoreIcon } from '../../../components/icons';
import './track-actions.css';

interface TrackActionsButtonProps {
  track: Track;
  /** Whether this track's sheet is open. */
  expanded: boolean;
  onOpen: () => void;
}

/** A row's '...' button. The sheet lives above the lists, so it stays when its row goes away (an unliked track). */
export function TrackActionsButton({ track, expanded, onOpen }: TrackActionsButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="track-actions-button"
      aria-label={t('trackActions.open', { title: track.title })}
      title={t('trackActions.open', { title: track.title })}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onClick={onOpen}
    >
      <MoreIcon />
    </button>
  );
}
