import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReleaseRepostState, useRepostState, useSetReleaseRepost, useSetRepost } from '../api/reposts';
import { RepostIcon } from '../../../components/icons';
import './reposts.css';

/** What a track's and a release's repost buttons both take. */
interface RepostButtonBaseProps {
  /** Signed out, the button stays visible and answers with a prompt to sign in. */
  signedIn: boolean;
  /** Shows the repost count beside the icon (the track page). */
  showCount?: boolean;
  className?: string;
}

export interface RepostButtonProps extends RepostButtonBaseProps {
  /** The track to repost; a release's button is ReleaseRepostButton. */
  trackId: string;
}

/**
 * Reposts a track into my followers' News, or undoes it. The state and count come from the
 * server (GET /api/tracks/:id/repost) and are replaced by the answer of each change.
 */
export function RepostButton({ trackId, signedIn, showCount = false, className = '' }: RepostButtonProps) {
  const state = useRepostState(trackId);
  const setRepost = useSetRepost();
  return (
    <RepostToggle
      state={state.data}
      pending={setRepost.isPending}
      signedIn={signedIn}
      showCount={showCount}
      className={className}
      change={(reposted, onError) => setRepost.mutate({ trackId, reposted }, { onError })}
    />
  );
}

export interface ReleaseRepostButtonProps extends RepostButtonBaseProps {
  releaseId: string;
}

/**
 * Reposts a public release into my followers' News, or undoes it (PUT/DELETE
 * /api/releases/:id/repost). A release that is not public cannot be reposted: the server answers
 * its state with a 404 and the button is not shown.
 */
export function ReleaseRepostButton({ releaseId, signedIn, showCount = true, className = '' }: ReleaseRepostButtonProps) {
  const state = useReleaseRepostState(releaseId);
  const setRepost = useSetReleaseRepost();
  if (state.isError) return null;
  return (
    <RepostToggle
      state={state.data}
      pending={setRepost.isPending}
      signedIn={signedIn}
      showCount={showCount}
      className={className}
      change={(reposted, onError) => setRepost.mutate({ releaseId, reposted }, { onError })}
    />
  );
}

interface RepostToggleProps extends Required<RepostButtonBaseProps> {
  state: { reposted: boolean; reposts: number } | undefined;
  pending: boolean;
  change: (reposted: boolean, onError: (error: unknown) => void) => void;
}

/** The button both share: the state and count it shows, and a change through `change` with its failure said beside it. */
function RepostToggle({ state, pending, signedIn, showCount, className, change }: RepostToggleProps) {
  const { t } = useTranslation();
  const [message, setMessage] = useState('');
  const reposted = signedIn && (state?.reposted ?? false);
  const count = state?.reposts ?? 0;
  const label = t(reposted ? 'notifications.repost.undo' : 'notifications.repost.repost');
  // The accessible name holds what the button shows (WCAG 2.5.3, label in name): "Repost, 3 reposts",
  // or its visible word ("Reposted" while pressed).
  const name = showCount
    ? `${label}, ${t('notifications.repost.count', { count })}`
    : t(reposted ? 'notifications.repost.reposted' : 'notifications.repost.repost');

  const toggle = () => {
    if (!signedIn) {
      setMessage(t('notifications.repost.signIn'));
      return;
    }
    setMessage('');
    change(!reposted, (error) => {
      console.error('repost', error);
      setMessage(t('notifications.repost.failed'));
    });
  };

  return (
    <span className={`repost-button ${className}`}>
      <button
        type="button"
        className={`repost-button__toggle ${reposted ? 'repost-button__toggle--on' : ''}`}
        aria-pressed={reposted}
        aria-label={name}
        title={signedIn ? label : t('notifications.repost.signIn')}
        data-testid="repost-button"
        disabled={pending}
        onClick={toggle}
        onBlur={() => setMessage('')}
      >
        <RepostIcon />
        {showCount ? (
          <span className="repost-button__count" data-testid="repost-count">
            {count}
          </span>
        ) : (
          <span>{reposted ? t('notifications.repost.reposted') : t('notifications.repost.repost')}</span>
        )}
      </button>
      {message && (
        <span className="repost-button__message" role="status">
          {message}
        </span>
      )}
    </span>
  );
}
