import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText, releaseLink } from '../../../lib/share-links';
import { resetReleaseSecret, useInvalidateReleases } from '../api/releases';
import { ConfirmDialog } from './confirm-dialog';

/** "Copy secret link" and "Reset link" of an unlisted release: one link opens its page and plays all its tracks; a reset kills the old one. */
export function ReleaseSecretLink({ releaseId, title, secret, onReset }: { releaseId: string; title: string; secret: string; onReset: (secret: string | null) => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateReleases();
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const link = releaseLink(releaseId, secret);
  const copy = async () => setNote((await copyText(link)) ? t('visibility.copied') : t('visibility.copyFailed', { url: link }));
  const reset = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await resetReleaseSecret(releaseId);
      onReset(saved.secret ?? null);
      await invalidate();
      setNote(t('visibility.resetDone'));
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <div className="studio-item__secret" data-testid="release-secret-link">
      <span className="field__label">{t('releaseAccess.secretLink')}</span>
      <button type="button" className="button button--secondary" aria-label={t('visibility.copyLinkNamed', { name: title })} onClick={() => void copy()}>
        {t('visibility.copyLink')}
      </button>
      <button type="button" className="button button--secondary" aria-label={t('visibility.resetLinkNamed', { name: title })} disabled={busy} onClick={() => setConfirming(true)}>
        {t('visibility.resetLink')}
      </button>
      {note && (
        <span className="studio-item__meta" role="status">
          {note}
        </span>
      )}
      {error && (
        <span className="error-text" role="alert">
          {error}
        </span>
      )}
      {confirming && (
        <ConfirmDialog
          open
          question={t('releaseAccess.resetQuestion')}
          confirmLabel={t('visibility.resetLink')}
          subject={title}
          busy={busy}
          onConfirm={() => void reset()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
