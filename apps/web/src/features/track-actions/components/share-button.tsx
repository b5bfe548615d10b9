import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import './track-actions.css';

/**
 * Share on a page (an artist, a track): copies `url`, the page's link that the server answers with
 * preview tags, and says so; when the browser refuses the clipboard, it shows the link to copy.
 */
export function ShareButton({ url, className }: { url: string; className?: string }) {
  const { t } = useTranslation();
  return <CopyButton text={url} label={t('trackActions.share')} copied={t('trackActions.shared')} fallback={t('trackActions.shareFallback', { url })} className={className} />;
}
