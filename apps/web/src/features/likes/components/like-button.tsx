import type { Track } from '@platter/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeartIcon } from '../../../components/icons';
import { useLikedIds, useSetLike } from '../api/likes';
import './like-button.css';

export interface LikeButtonProps {
  track: Track;
  /** Signed out, the button stays visible and answers with a prompt to sign in. */
  signedIn: boolean;
  /** Shows the track's like count beside the heart (the track page). */
  showCount?: boolean;
  className?: string;
}

/**
 * Likes or unlikes a track. The heart fills at once (the liked ids change optimistically and roll
 * back on failure); lists, the track page and the counts refetch when the server confirms, and
 * every other screen hears it through the live `likes.changed` event.
 */
export function LikeButton({ track, signedIn, showCount = false, className = '' }: LikeButtonProps) {
  const { t } = useTranslation();
  const likedIds = useLikedIds(signedIn);
  const setLike = useSetLike();
  const [message, setMessage] = useState('');
  const liked = signedIn && (likedIds.data?.has(track.id) ?? false);
  // Until the server's count arrives, the shown count follows the heart.
  const pending = setLike.isPending && setLike.variables.track.id === track.id ? setLike.variables.liked : null;
  const count = Math.max(0, track.likes + (pending === null ? 0 : pending ? 1 : -1));
  const label = t(liked ? 'likes.unlike' : 'likes.like');
  // The accessible name holds the count the button shows (WCAG 2.5.3, label in name): "Like, 12 likes".
  const name = showCount ? `${label}, ${t('likes.count', { count })}` : label;

  const toggle = () => {
    if (!signedIn) {
      setMessage(t('likes.signInToLike'));
      return;
    }
    setMessage('');
    setLike.mutate(
      { track, liked: !liked },
      {
        onError: (error) => {
          console.error('like track', error);
          setMessage(t('likes.failed'));
        },
      },
    );
  };

  return (
    <span className={`like-button ${className}`}>
      <button
        type="button"
        className={`like-button__toggle ${liked ? 'like-button__toggle--liked' : ''} ${signedIn ? '' : 'like-button__toggle--signed-out'}`}
        aria-pressed={liked}
        aria-label={name}
        title={signedIn ? label : t('likes.signInToLike')}
        data-testid="like-button"
        onClick={toggle}
        onBlur={() => setMessage('')}
      >
        <HeartIcon />
        {showCount && (
          <span className="like-button__count" data-testid="like-count">
            {count}
          </span>
        )}
      </button>
      {message && (
        <span className="like-button__message" role="status">
          {message}
        </span>
      )}
    </span>
  );
}
