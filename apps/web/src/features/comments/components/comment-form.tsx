import type { Comment } from '@platter/shared';
import { COMMENT_MAX_LENGTH } from '@platter/shared/constants';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useCreateComment } from '../api/create-comment';
import { commentAuthor } from '../comment-author';
import type { CommentsPlayback } from '../types';

export interface CommentFormProps {
  trackId: string;
  playback: CommentsPlayback | null;
  /** The comment answered: the form writes a reply to it ("@Name " to start with), with a Cancel. */
  replyTo?: Comment;
  /** The reply was posted or cancelled. */
  onDone?: () => void;
}

/** What to tell the writer when posting failed: the server's own words for a refusal or the rate limit. */
function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 429) && error.message) return error.message;
  return fallback;
}

export function CommentForm({ trackId, playback, replyTo, onDone }: CommentFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const replyName = replyTo ? commentAuthor(replyTo, t) : null;
  const [text, setText] = useState(replyName ? `@${replyName} ` : '');
  // null follows the default: on while this track plays.
  const [atTimeChoice, setAtTimeChoice] = useState<boolean | null>(null);
  const create = useCreateComment(trackId);
  const trimmed = text.trim();
  const atTime = playback !== null && (atTimeChoice ?? playback.playing);
  const valid = trimmed.length >= 1 && trimmed.length <= COMMENT_MAX_LENGTH;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid || create.isPending) return;
    const positionSec = atTime && playback ? Math.max(0, Math.round(playback.currentTime() * 10) / 10) : null;
    create.mutate(
      { text: trimmed, positionSec, ...(replyTo ? { replyTo: replyTo.id } : {}) },
      {
        onSuccess: () => {
          setText('');
          setAtTimeChoice(null);
          onDone?.();
        },
      },
    );
  };

  const label = replyName ? t('comments.replyTo', { name: replyName }) : t('comments.formLabel');
  return (
    <form className={replyTo ? 'comment-form comment-form--reply' : 'comment-form'} onSubmit={submit} aria-label={label}>
      <label className="visually-hidden" htmlFor={`${id}-text`}>
        {replyName ? label : t('comments.placeholder')}
      </label>
      <textarea
        id={`${id}-text`}
        className="input comment-form__text"
        placeholder={replyName ? label : t('comments.placeholder')}
        value={text}
        maxLength={COMMENT_MAX_LENGTH}
        rows={replyTo ? 2 : 3}
        autoFocus={!!replyTo}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && replyTo) {
            event.stopPropagation();
            onDone?.();
          }
        }}
        onChange={(event) => {
          setText(event.currentTarget.value);
          if (create.isError) create.reset();
        }}
      />
      <div className="comment-form__row">
        <label className="comment-form__check">
          <input
            type="checkbox"
            checked={atTime}
            disabled={playback === null}
            onChange={(event) => setAtTimeChoice(event.currentTarget.checked)}
          />
          {t('comments.atCurrentTime')}
        </label>
        <span className="comment-form__count" aria-live="polite">
          {t('comments.length', { length: trimmed.length, max: COMMENT_MAX_LENGTH })}
        </span>
        {replyTo && (
          <button type="button" className="button comment-form__cancel" onClick={onDone}>
            {t('comments.cancelReply')}
          </button>
        )}
        <button type="submit" className="button button--primary comment-form__submit" disabled={!valid || create.isPending}>
          {create.isPending ? t('comments.posting') : replyTo ? t('comments.reply') : t('comments.post')}
        </button>
      </div>
      {create.isError && (
        <p className="error-text" role="alert">
          {errorMessage(create.error, t('comments.postError'))}
        </p>
      )}
    </form>
  );
}
