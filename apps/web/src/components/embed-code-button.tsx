import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../lib/share-links';

/**
 * "Copy embed code": copies the iframe of an embed player (`code`, from lib/share-links) and says
 * so; when the browser refuses the clipboard, it shows the code to copy by hand.
 */
export function EmbedCodeButton({ code, className = 'button button--secondary' }: { code: string; className?: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState('');
  return (
    <span className="share-button">
      <button
        type="button"
        className={className}
        data-testid="copy-embed-code"
        onClick={() => void copyText(code).then((copied) => setStatus(copied ? t('releaseReach.embedCopied') : t('releaseReach.embedFallback', { code })))}
      >
        {t('releaseReach.copyEmbed')}
      </button>
      <span aria-live="polite" className="share-button__status">
        {status}
      </span>
    </span>
  );
}
