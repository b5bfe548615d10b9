import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Play all" of a release in News (a followed artist's new release, or a reposted one): off while
 * the release's tracks are fetched, and an alert beside it when they could not be.
 */
export function PlayReleaseButton({
  releaseId,
  onPlay,
  className,
  label,
  icon,
  what,
}: {
  releaseId: string;
  onPlay: (releaseId: string) => Promise<void>;
  className: string;
  /** The button's accessible name, when "Play all" alone would not say which release. */
  label?: string;
  icon?: ReactNode;
  /** For the console, when it fails. */
  what: string;
}) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  const [starting, setStarting] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        aria-label={label}
        disabled={starting}
        onClick={() => {
          setFailed(false);
          setStarting(true);
          onPlay(releaseId)
            .catch((error: unknown) => {
              console.error(what, error);
              setFailed(true);
            })
            .finally(() => setStarting(false));
        }}
      >
        {icon}
        {t('releaseReach.playAll')}
      </button>
      {failed && (
        <span className="error-text" role="alert">
          {t('releaseReach.playFailed')}
        </span>
      )}
    </>
  );
}
