import type { ReleaseDetail } from '@platter/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useReleaseForm } from '../hooks/use-release-form';
import { ReleaseDetailsFields } from './release-details-fields';
import { ReleaseSecretLink } from './secret-link';
import { ReleaseTracksFields } from './release-tracks-fields';
import { VisibilityFields } from './visibility-fields';
import './upload.css';

/**
 * Makes a release (or edits one): its details, several audio files uploaded at once (each with its
 * own progress, error and Retry) and/or tracks already published, in an order the artist sets.
 * Files upload first; the release is created from the tracks once every file is in
 * (`useReleaseForm`).
 */
export function ReleaseForm({ release, onDone }: { release?: ReleaseDetail; onDone?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { details, access, setAccess, secret, setSecret, items, dispatch, free, busy, message, filesRef, coverRef, addFiles, readingFiles, coverPreview, onCoverPicked, retry, onSubmit, cancel } =
    useReleaseForm(release, onDone);

  return (
    <form className="upload-form release-form" onSubmit={(event) => void onSubmit(event)} aria-label={release ? t('releases.form.editTitle') : t('releases.form.newTitle')}
      noValidate
    >
      <ReleaseDetailsFields id={id} details={details} />
      <VisibilityFields value={access} onChange={setAccess} disabled={busy} withDownload={false} publishAtHint={t('releaseAccess.publishAtHint')} />
      <p className="release-form__hint">{t('releaseAccess.tracksFollow')}</p>
      {release && release.visibility === 'unlisted' && secret && <ReleaseSecretLink releaseId={release.id} title={release.title} secret={secret} onReset={setSecret} />}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-description`}>
          {t('releases.form.description')}
        </label>
        <textarea id={`${id}-description`} className="input" name="description" rows={2} maxLength={2000} value={details.description} onChange={(event) => details.setDescription(event.currentTarget.value)} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-cover`}>
          {t('releases.form.cover')}
        </label>
        <div className="upload-form__cover">
          {coverPreview && <img className="upload-form__cover-preview" src={coverPreview} alt={t('releases.form.cover')} data-testid="release-cover-preview" />}
          <input
            ref={coverRef}
            id={`${id}-cover`}
            className="input upload-form__file"
            name="cover"
            type="file"
            accept="image/*"
            onChange={(event) => onCoverPicked(event.currentTarget.files?.[0])}
          />
        </div>
      </div>
      <ReleaseTracksFields
        id={id}
        items={items}
        dispatch={dispatch}
        free={free}
        busy={busy}
        filesRef={filesRef}
        onRetry={(key) => void retry(key)}
        onFiles={(files) => void addFiles(files)}
        reading={readingFiles}
      />
      {message && (
        <p className={message.kind === 'error' ? 'error-text' : 'upload-form__success'} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
          {message.release && (
            <>
              {' '}
              <Link to={paths.release.getHref(message.release.id)} data-testid="release-form-link">
                {message.release.title}
              </Link>
            </>
          )}
        </p>
      )}
      <div className="upload-form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? t('releases.form.saving') : release ? t('releases.form.save') : t('releases.form.submit')}
        </button>
        {busy && (
          <button type="button" className="button button--secondary" onClick={cancel}>
            {t('upload.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
