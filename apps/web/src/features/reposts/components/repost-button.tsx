import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRepostState, useSetRepost } from '../api/reposts';
import { RepostIcon } from './repost-icon';
import './reposts.css';

export interface RepostButtonProps {
  trackId: string;
  /** Signed out, the button stays visible and answers with a prompt to sign in. */
  signedIn: boolean;
  /** Shows the repost count beside the icon (the track page). */
  showCount?: boolean;
  className?: string;
}

/**
 * Reposts a track into my followers' News, or undoes it. The state and count come from the
 * server (GET /api/tracks/:id/repost) and are replaced by the answer of each change.
 */
export function RepostButton({ trackId, signedIn, showCount = false, className = '' }: RepostButtonProps) {
  const { t } = useTranslation();
  const state = useRepostState(trackId);
  const setRepost = useSetRepost();
  const [message, setMessage] = useState('');
  const reposted = signedIn && (state.data?.reposted ?? false);
  const count = state.data?.reposts ?? 0;
  const label = t(reposted ? 'notifications.repost.undo' : 'notifications.repost.repost');

  const toggle = () => {
    if (!signedIn) {
      setMessage(t('notifications.repost.signIn'));
      return;
    }
    setMessage('');
    setRepost.mutate(
      { trackId, reposted: !reposted },
      {
        onError: (error) => {
          console.error('repost track', error);
          setMessage(t('notifications.repost.failed'));
        },
      },
    );
  };

  return (
    <span className={`repost-button ${className}`}>
      <button
        type="button"
        className={`repost-button__toggle ${reposted ? 'repost-button__toggle--on' : ''}`}
        aria-pressed={reposted}
        aria-label={label}
        title={signedIn ? label : t('notifications.repost.signIn')}
        data-testid="repost-button"
        disabled={setRepost.isPending}
        onClick={toggle}
        onBlur={() => setMessage('')}
      >
        <RepostIcon />
        {showCount ? (
          <span className="repost-button__count" data-testid="repost-count" aria-label={t('notifications.repost.count', { count })}>
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
