import { useTranslation } from 'react-i18next';
import './track-actions.css';

/**
 * One short message about an action taken on a row (e.g. "Sign in to like tracks."), above the
 * player. The live region stays mounted so a screen reader announces each new message.
 */
export function TrackNotice({ message, onDismiss }: { message: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div className={`track-notice ${message ? 'track-notice--shown' : ''}`}>
      <p role="status" className="track-notice__text">
        {message}
      </p>
      {message && (
        <button type="button" className="button button--link track-notice__close" onClick={onDismiss}>
          {t('trackActions.close')}
        </button>
      )}
    </div>
  );
}
