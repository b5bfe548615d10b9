import { DEFAULT_GENRE, GENRES, TRACK_TITLE_MAX_LENGTH, type Genre } from '@platter/shared';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerConfig } from '../../../lib/server-config';
import { UploadError, useUploadTrack } from '../hooks/use-upload-track';
import { UploadProgressBar } from './upload-progress';
import './upload.css';

export function UploadForm() {
  const { t } = useTranslation();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [genre, setGenre] = useState<Genre>(DEFAULT_GENRE);
  const upload = useUploadTrack();
  const maxUploadMb = useServerConfig().data?.maxUploadMb;

  const fail = (message: string, details: unknown) => {
    console.error('Track upload failed', details);
    window.alert(`${t('upload.failed')}\n${message}`);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) {
      window.alert(t('upload.chooseFile'));
      return;
    }
    if (maxUploadMb !== undefined && file.size > maxUploadMb * 1024 * 1024) {
      fail(t('upload.tooLarge', { mb: maxUploadMb }), { size: file.size, maxUploadMb });
      return;
    }
    upload.mutate(
      { title: title.trim(), genre, file },
      {
        onSuccess: () => {
          setTitle('');
          setGenre(DEFAULT_GENRE);
          if (fileRef.current) fileRef.current.value = '';
          window.alert(t('upload.success'));
        },
        onError: (error) => fail(error.message, error instanceof UploadError ? { step: error.step, error: error.cause } : error),
      },
    );
  };

  return (
    <form className="upload-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="upload-form__title">
        {t('upload.title')}
      </h2>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-track-title`}>
          {t('upload.trackTitle')}
        </label>
        <input
          id={`${id}-track-title`}
          className="input"
          name="title"
          required
          maxLength={TRACK_TITLE_MAX_LENGTH}
          autoComplete="off"
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-genre`}>
          {t('upload.genre')}
        </label>
        <select
          id={`${id}-genre`}
          className="input"
          name="genre"
          value={genre}
          onChange={(event) => setGenre(event.currentTarget.value as Genre)}
        >
          {GENRES.map((genre) => (
            <option key={genre} value={genre}>
              {genre}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-file`}>
          {t('upload.file')}
        </label>
        <input
          ref={fileRef}
          id={`${id}-file`}
          className="input upload-form__file"
          name="file"
          type="file"
          accept="audio/*"
        />
      </div>
      {upload.progress && <UploadProgressBar progress={upload.progress} />}
      <button type="submit" className="button button--primary" disabled={upload.isPending}>
        {upload.isPending ? t('upload.uploading') : t('upload.submit')}
      </button>
    </form>
  );
}
