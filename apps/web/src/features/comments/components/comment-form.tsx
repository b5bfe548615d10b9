import { COMMENT_MAX_LENGTH } from '@platter/shared/constants';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useCreateComment } from '../api/create-comment';
import type { CommentsPlayback } from '../types';

export interface CommentFormProps {
  trackId: string;
  playback: CommentsPlayback | null;
}

/** What to tell the writer when posting failed: the server's own words for a refusal or the rate limit. */
function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status === 400 || error.status === 429) && error.message) return error.message;
  return fallback;
}

export function CommentForm({ trackId, playback }: CommentFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
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
      { text: trimmed, positionSec },
      {
        onSuccess: () => {
          setText('');
          setAtTimeChoice(null);
        },
      },
    );
  };

  return (
    <form className="comment-form" onSubmit={submit} aria-label={t('comments.formLabel')}>
      <label className="visually-hidden" htmlFor={`${id}-text`}>
        {t('comments.placeholder')}
      </label>
      <textarea
        id={`${id}-text`}
        className="input comment-form__text"
        placeholder={t('comments.placeholder')}
        value={text}
        maxLength={COMMENT_MAX_LENGTH}
        rows={3}
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
        <button type="submit" className="button button--primary comment-form__submit" disabled={!valid || create.isPending}>
          {create.isPending ? t('comments.posting') : t('comments.post')}
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
