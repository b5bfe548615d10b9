import { POST_MAX_LENGTH } from '@platter/shared/constants';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreatePost } from '../api/create-post';
import { FormActions } from './form-actions';

/** Create Post: publish is enabled for 1..180 characters once trimmed; the counter is live. */
export function CreatePostForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState('');
  const create = useCreatePost();
  const length = text.trim().length;
  const canPublish = length > 0 && length <= POST_MAX_LENGTH && !create.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canPublish) return;
    create.mutate(
      { text: text.trim() },
      {
        onSuccess: () => {
          setText('');
          onDone();
        },
      },
    );
  };

  return (
    <form className="studio-form" onSubmit={onSubmit} aria-label={t('studio.post.title')}>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-text`}>
          {t('studio.post.text')}
        </label>
        <textarea
          id={`${id}-text`}
          className="input studio-form__textarea"
          rows={4}
          value={text}
          placeholder={t('studio.post.placeholder')}
          aria-describedby={`${id}-counter`}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <span
          id={`${id}-counter`}
          className={length > POST_MAX_LENGTH ? 'studio-form__counter studio-form__counter--over' : 'studio-form__counter'}
          data-testid="post-counter"
        >
          {length}/{POST_MAX_LENGTH}
        </span>
      </div>
      {create.error && (
        <p className="error-text" role="alert">
          {create.error.message}
        </p>
      )}
      <FormActions label={t('studio.post.publish')} busyLabel={t('studio.post.publishing')} busy={create.isPending} disabled={!canPublish} onCancel={onDone} />
    </form>
  );
}
