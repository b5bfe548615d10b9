import type { Comment } from '@platter/shared';
import { formatTime } from '@platter/shared/format';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { commentAuthor } from '../comment-author';

export interface CommentItemProps {
  comment: Comment;
  canDelete: boolean;
  deleting: boolean;
  onDelete: (comment: Comment) => void;
  /** Jumps to the comment's moment (only offered when the track can seek there). */
  onSeek?: (seconds: number) => void;
  /** Offers Reply (signed-in viewers). */
  onReply?: (comment: Comment) => void;
  /** The thread's replies, and the reply form while one is written, shown under the comment. */
  children?: ReactNode;
}

export function formatCreatedAt(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function CommentItem({ comment, canDelete, deleting, onDelete, onSeek, onReply, children }: CommentItemProps) {
  const { t, i18n } = useTranslation();
  const author = commentAuthor(comment, t);
  const at = comment.positionSec === null ? null : t('comments.at', { time: formatTime(comment.positionSec) });

  return (
    <li className={comment.parentId ? 'comment comment--reply' : 'comment'} data-testid="comment" data-comment-id={comment.id}>
      <div className="comment__meta">
        <span className="comment__author" data-testid="comment-author">
          {author}
        </span>
        {at !== null &&
          (onSeek ? (
            <button
              type="button"
              className="comment__at"
              data-testid="comment-at"
              title={t('comments.seekTo', { time: formatTime(comment.positionSec) })}
              onClick={() => onSeek(comment.positionSec ?? 0)}
            >
              {at}
            </button>
          ) : (
            <span className="comment__at" data-testid="comment-at">
              {at}
            </span>
          ))}
        <time className="comment__time" dateTime={comment.createdAt}>
          {formatCreatedAt(comment.createdAt, i18n.language)}
        </time>
      </div>
      <p className="comment__text" data-testid="comment-text">
        {comment.text}
      </p>
      {(onReply || canDelete) && (
        <div className="comment__actions">
          {onReply && (
            <button type="button" className="comment__reply button--link" aria-label={t('comments.replyTo', { name: author })} onClick={() => onReply(comment)}>
              {t('comments.reply')}
            </button>
          )}
          {canDelete && (
            <button
              type="button"
              className="comment__delete button--link"
              aria-label={t('comments.deleteBy', { name: author })}
              disabled={deleting}
              onClick={() => onDelete(comment)}
            >
              {t('comments.delete')}
            </button>
          )}
        </div>
      )}
      {children}
    </li>
  );
}
