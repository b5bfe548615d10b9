import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/share-links';
import './track-actions.css';

/**
 * Share on a page (an artist, a track): copies `url`, the page's link that the server answers with
 * preview tags, and says so; when the browser refuses the clipboard, it shows the link to copy.
 */
export function ShareButton({ url, className = 'button button--secondary' }: { url: string; className?: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  return (
    <span className="share-button">
      <button
        type="button"
        className={className}
        onClick={() => void copyText(url).then((copied) => setStatus(copied ? t('trackActions.shared') : t('trackActions.shareFallback', { url })))}
      >
        {t('trackActions.share')}
      </button>
      {/* A polite live region (not role=status): the page may have its own status line. */}
      <span aria-live="polite" className="share-button__status">
        {status}
      </span>
    </span>
  );
}
