import type { Track } from '@platter/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText, releaseLink, trackLink } from '../../../lib/share-links';
import { resetReleaseSecret, useInvalidateReleases } from '../api/releases';
import { useResetTrackSecret } from '../api/update-track-visibility';
import { ConfirmDialog } from './confirm-dialog';

interface SecretLinkControlsProps {
  /** The track's or release's title, in the buttons' accessible names and the confirmation. */
  name: string;
  link: string;
  /** The confirmation's question before a reset. */
  question: string;
  /** Makes a new secret (the old link stops working); rejects with what went wrong. */
  reset: () => Promise<unknown>;
  /** A label shown before the buttons. */
  label?: string;
  testId?: string;
}

/** "Copy secret link" and "Reset link" of something unlisted: a reset, once confirmed, makes a new link and kills the old one. */
function SecretLinkControls({ name, link, question, reset, label, testId }: SecretLinkControlsProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const copy = async () => setNote((await copyText(link)) ? t('visibility.copied') : t('visibility.copyFailed', { url: link }));
  const confirmReset = async () => {
    setBusy(true);
    setError(null);
    try {
      await reset();
      setNote(t('visibility.resetDone'));
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <div className="studio-item__secret" data-testid={testId}>
      {label && <span className="field__label">{label}</span>}
      <button type="button" className="button button--secondary" aria-label={t('visibility.copyLinkNamed', { name })} onClick={() => void copy()}>
        {t('visibility.copyLink')}
      </button>
      <button type="button" className="button button--secondary" aria-label={t('visibility.resetLinkNamed', { name })} disabled={busy} onClick={() => setConfirming(true)}>
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
          question={question}
          confirmLabel={t('visibility.resetLink')}
          subject={name}
          busy={busy}
          onConfirm={() => void confirmReset()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}

/** The secret link of an unlisted track. */
export function TrackSecretLink({ track, secret }: { track: Track; secret: string }) {
  const { t } = useTranslation();
  const reset = useResetTrackSecret();
  return (
    <SecretLinkControls
      name={track.title}
      link={`${trackLink(track.id)}?s=${encodeURIComponent(secret)}`}
      question={t('visibility.resetQuestion')}
      reset={() => reset.mutateAsync(track.id)}
    />
  );
}

/** The secret link of an unlisted release: one link opens its page and plays all its tracks. */
export function ReleaseSecretLink({ releaseId, title, secret, onReset }: { releaseId: string; title: string; secret: string; onReset: (secret: string | null) => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateReleases();
  return (
    <SecretLinkControls
      name={title}
      link={releaseLink(releaseId, secret)}
      question={t('releaseAccess.resetQuestion')}
      label={t('releaseAccess.secretLink')}
      testId="release-secret-link"
      reset={async () => {
        const saved = await resetReleaseSecret(releaseId);
        onReset(saved.secret ?? null);
        await invalidate();
      }}
    />
  );
}
