import { useTranslation } from 'react-i18next';
import { CopyButton } from './copy-button';

/**
 * "Copy embed code": copies the iframe of an embed player (`code`, from lib/share-links) and says
 * so; when the browser refuses the clipboard, it shows the code to copy by hand.
 */
export function EmbedCodeButton({ code, className }: { code: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <CopyButton
      text={code}
      label={t('releaseReach.copyEmbed')}
      copied={t('releaseReach.embedCopied')}
      fallback={t('releaseReach.embedFallback', { code })}
      className={className}
      testId="copy-embed-code"
    />
  );
}
