import { DEFAULT_GENRE, type Genre } from '@platter/shared/constants';
import type { TFunction } from 'i18next';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { useServerConfig } from '../../../lib/server-config';
import { UploadError, useUploadTrack } from '../hooks/use-upload-track';
import { readFileTags } from '../file-tags';
import { myReleasesQueryOptions } from '../api/releases';
import { useQuery } from '@tanstack/react-query';
import { TrackMetadataFields } from './track-metadata-fields';
import { UploadProgressBar } from './upload-progress';
import { parseTagsText, tagsProblem } from '../tags-text';
import { DEFAULT_VISIBILITY, VisibilityFields, type VisibilityValue, visibilityFields } from './visibility-fields';
import './upload.css';

type Message = { kind: 'success' | 'error'; text: string };

/**
 * Why an upload failed, for the artist: the server's own words when it refused (413 too large,
 * 415 not audio, 400 a bad title...), ours when the connection or the server broke.
 */
export function uploadFailureReason(error: unknown, t: TFunction): string {
  const cause = error instanceof UploadError ? error.cause : error;
  if (cause instanceof ApiError) {
    if (cause.status === 0) return t('upload.interrupted');
    if (cause.status >= 500) return t('upload.serverFailed');
    if (cause.code === 'http_error') return cause.status === 413 ? t('upload.tooLargeForServer') : cause.status === 415 ? t('upload.notAudio') : cause.message;
    return cause.message;
  }
  if (cause instanceof TypeError) return t('upload.interrupted');
  return t('upload.serverFailed');
}

/** The Upload track form (SPEC 2): idle → uploading (progress, Cancel) → idle with a message. */
export function UploadForm() {
  const { t } = useTranslation();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const coverRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [genre, setGenre] = useState<Genre>(DEFAULT_GENRE);
  const [tagsText, setTagsText] = useState('');
  const [access, setAccess] = useState<VisibilityValue>(DEFAULT_VISIBILITY);
  // From the file's tags when it has them, editable: the release it goes on, its number there, its lyrics.
  const [album, setAlbum] = useState('');
  const [trackNo, setTrackNo] = useState('');
  const [lyrics, setLyrics] = useState('');
  const [coverPreview, setCoverPreview] = useState<string | null>(null);
  const [coverFromFile, setCoverFromFile] = useState(false);
  const [tagsState, setTagsState] = useState<'idle' | 'reading' | 'read'>('idle');
  // My releases' titles to pick from, once the artist (or the file) names one.
  const myReleases = useQuery({ ...myReleasesQueryOptions(), enabled: album.trim() !== '' });
  const [message, setMessage] = useState<Message | null>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const upload = useUploadTrack();
  const maxUploadMb = useServerConfig().data?.maxUploadMb;

  // While it ran, the disabled button lost the focus to the page body: give it back once the
  // upload is over, so the keyboard (Tab, Escape) carries on from where the artist was.
  const busy = upload.isPending;
  const wasBusy = useRef(false);
  useEffect(() => {
    const finished = wasBusy.current && !busy;
    wasBusy.current = busy;
    const active = document.activeElement;
    if (finished && (!active || active === document.body)) submitRef.current?.focus();
  }, [busy]);

  useEffect(() => () => {
    if (coverPreview) URL.revokeObjectURL(coverPreview);
  }, [coverPreview]);

  /** Puts an image into the Cover field, as if the artist had picked it (they may pick another). */
  const setCoverFile = (picture: File | null) => {
    const input = coverRef.current;
    if (!input) return;
    if (picture && typeof DataTransfer !== 'undefined') {
      const transfer = new DataTransfer();
      transfer.items.add(picture);
      input.files = transfer.files;
    } else input.value = '';
    setCoverPreview(picture ? URL.createObjectURL(picture) : null);
    setCoverFromFile(!!picture);
  };

  /** A file was picked: its tags fill the form (title, genre, release, track number, lyrics, cover). */
  const onFilePicked = async (file: File | undefined) => {
    setMessage((current) => (current?.kind === 'error' ? null : current));
    if (!file) return;
    setTagsState('reading');
    const tags = await readFileTags(file);
    // Another file was picked meanwhile (its own reading fills the form), or the form was sent and cleared.
    if (fileRef.current?.files?.[0] !== file) {
      setTagsState((current) => (current === 'reading' && !fileRef.current?.files?.length ? 'idle' : current));
      return;
    }
    if (tags.title) setTitle(tags.title);
    if (tags.genre) setGenre(tags.genre);
    setAlbum(tags.album ?? '');
    setTrackNo(tags.trackNo ? String(tags.trackNo) : '');
    setLyrics(tags.lyrics ?? '');
    setCoverFile(tags.picture ?? null);
    setTagsState(Object.keys(tags).length > 0 ? 'read' : 'idle');
  };

  const fail = (reason: string, details: unknown) => {
    console.warn('Track upload failed', details);
    setMessage({ kind: 'error', text: `${t('upload.failed')} ${reason}` });
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const file = fileRef.current?.files?.[0];
    if (!file) {
      setMessage({ kind: 'error', text: t('upload.chooseFile') });
      return;
    }
    if (maxUploadMb !== undefined && file.size > maxUploadMb * 1024 * 1024) {
      fail(t('upload.tooLarge', { mb: maxUploadMb }), { size: file.size, maxUploadMb });
      return;
    }
    const tags = parseTagsText(tagsText);
    const problem = tagsProblem(tags);
    if (problem) {
      setMessage({ kind: 'error', text: t(`releases.tags.${problem}`) });
      return;
    }
    upload.mutate(
      {
        title: title.trim(),
        genre,
        file,
        cover: coverRef.current?.files?.[0] ?? null,
        tags,
        access: visibilityFields(access),
        lyrics: lyrics.trim() || null,
        release: album.trim() ? { title: album.trim(), trackNo: Number.parseInt(trackNo, 10) || null } : null,
      },
      {
        onSuccess: ({ coverError, extraErrors }) => {
          setTitle('');
          setGenre(DEFAULT_GENRE);
          setTagsText('');
          setAccess(DEFAULT_VISIBILITY);
          setAlbum('');
          setTrackNo('');
          setLyrics('');
          setTagsState('idle');
          if (fileRef.current) fileRef.current.value = '';
          setCoverFile(null);
          if (coverError) console.error('Track cover refused', coverError);
          const notes = [
            coverError ? `${t('upload.coverFailed')} ${coverError.message}` : null,
            extraErrors.release ? `${t('upload.releaseFailed')} ${extraErrors.release.message}` : null,
            extraErrors.lyrics ? `${t('upload.lyricsFailed')} ${extraErrors.lyrics.message}` : null,
          ].filter(Boolean);
          setMessage({ kind: 'success', text: [t('upload.success'), ...notes].join(' ') });
        },
        onError: (error) => {
          if (error instanceof UploadError && error.cancelled) {
            setMessage({ kind: 'error', text: t('upload.cancelled') });
            return;
          }
          fail(uploadFailureReason(error, t), error instanceof UploadError ? { step: error.step, error: error.cause } : error);
        },
      },
    );
  };

  return (
    <form className="upload-form" onSubmit={onSubmit} aria-label={t('upload.title')}>
      <TrackMetadataFields
        id={id}
        title={title}
        genre={genre}
        tagsText={tagsText}
        onTitleChange={setTitle}
        onGenreChange={setGenre}
        onTagsChange={setTagsText}
      />
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
          // A new file answers whatever was wrong with the last one ('Choose a file', too large...), and its tags fill the form.
          onChange={(event) => void onFilePicked(event.currentTarget.files?.[0])}
        />
        {tagsState !== 'idle' && (
          <span className="release-form__hint" aria-live="polite" data-testid="upload-tags-state">
            {tagsState === 'reading' ? t('upload.readingTags') : t('upload.tagsRead')}
          </span>
        )}
      </div>
      <div className="release-form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-album`}>
            {t('upload.release')}
          </label>
          <input id={`${id}-album`} className="input" name="album" autoComplete="off" maxLength={200} list={`${id}-albums`} value={album} onChange={(event) => setAlbum(event.currentTarget.value)} />
          <datalist id={`${id}-albums`}>
            {myReleases.data?.items.map((release) => <option key={release.id} value={release.title} />)}
          </datalist>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-trackno`}>
            {t('upload.trackNumber')}
          </label>
          <input id={`${id}-trackno`} className="input" name="trackNumber" type="number" min={1} max={100} inputMode="numeric" value={trackNo} onChange={(event) => setTrackNo(event.currentTarget.value)} />
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-cover`}>
          {t('upload.cover')}
        </label>
        <div className="upload-form__cover">
          {coverPreview && <img className="upload-form__cover-preview" src={coverPreview} alt={coverFromFile ? t('upload.coverFromFile') : t('upload.cover')} data-testid="upload-cover-preview" />}
          <input
            ref={coverRef}
            id={`${id}-cover`}
            className="input upload-form__file"
            name="cover"
            type="file"
            accept="image/*"
            onChange={(event) => {
              const picked = event.currentTarget.files?.[0];
              setCoverPreview(picked ? URL.createObjectURL(picked) : null);
              setCoverFromFile(false);
            }}
          />
        </div>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-lyrics`}>
          {t('upload.lyrics')}
        </label>
        <textarea id={`${id}-lyrics`} className="input" name="lyrics" rows={lyrics ? 5 : 2} value={lyrics} onChange={(event) => setLyrics(event.currentTarget.value)} />
      </div>
      <VisibilityFields value={access} onChange={setAccess} disabled={upload.isPending} />
      {upload.progress && <UploadProgressBar progress={upload.progress} />}
      {message && (
        <p className={message.kind === 'error' ? 'error-text' : 'upload-form__success'} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <div className="upload-form__actions">
        <button ref={submitRef} type="submit" className="button button--primary" disabled={upload.isPending}>
          {upload.isPending ? t('upload.uploading') : t('upload.submit')}
        </button>
        {upload.isPending && (
          <button type="button" className="button button--secondary" onClick={upload.cancel}>
            {t('upload.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
