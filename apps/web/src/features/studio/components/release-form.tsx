import type { ReleaseDetail, ReleaseType, Track } from '@platter/shared';
import { DEFAULT_GENRE, GENRES, type Genre } from '@platter/shared/constants';
import { useId, useReducer, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useMyTracks } from '../api/get-my-tracks';
import { copyText, releaseLink } from '../../../lib/share-links';
import { createRelease, putReleaseCover, resetReleaseSecret, setReleaseTracks, updateRelease, useInvalidateReleases } from '../api/releases';
import { uploadOneTrack } from '../hooks/use-upload-track';
import { pendingFiles, releaseItemsReducer, trackOf, uploadItems, type ReleaseItem } from '../release-uploads';
import { uploadFailureReason } from './upload-form';
import { UploadProgressBar } from './upload-progress';
import { ConfirmDialog } from './confirm-dialog';
import { VisibilityFields, type VisibilityValue, fromLocalInput, toLocalInput } from './visibility-fields';
import './upload.css';

const RELEASE_TYPES: ReleaseType[] = ['album', 'ep', 'single'];
const today = () => new Date().toISOString().slice(0, 10);

type Message = { kind: 'success' | 'error'; text: string; release?: { id: string; title: string } };

/**
 * Makes a release (or edits one): its details, several audio files uploaded at once (each with its
 * own progress, error and Retry) and/or tracks already published, in an order the artist sets.
 * Files upload first; the release is created from the tracks once every file is in.
 */
export function ReleaseForm({ release, onDone }: { release?: ReleaseDetail; onDone?: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [title, setTitle] = useState(release?.title ?? '');
  const [type, setType] = useState<ReleaseType>(release?.type ?? 'ep');
  const [date, setDate] = useState(release?.releaseDate ?? today());
  const [description, setDescription] = useState(release?.description ?? '');
  const [genre, setGenre] = useState<Genre>(DEFAULT_GENRE);
  // Issue 13: who may see it and when it goes public; its tracks follow on the server.
  const initialAccess: VisibilityValue = { visibility: release?.visibility ?? 'public', publishAt: toLocalInput(release?.publishAt), downloadable: false };
  const [access, setAccess] = useState<VisibilityValue>(initialAccess);
  const [secret, setSecret] = useState(release?.secret ?? null);
  const [items, dispatch] = useReducer(releaseItemsReducer, release?.tracks ?? [], (tracks: Track[]) =>
    tracks.reduce<ReleaseItem[]>((all, track) => releaseItemsReducer(all, { type: 'addTrack', track }), []),
  );
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const filesRef = useRef<HTMLInputElement>(null);
  const coverRef = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const myTracks = useMyTracks();
  const invalidate = useInvalidateReleases();

  const inItems = new Set(items.flatMap((item) => (trackOf(item) ? [trackOf(item)!.id] : [])));
  const free = (myTracks.data?.items ?? []).filter((track) => !inItems.has(track.id) && (!track.release || track.release.id === release?.id));

  const upload = (list: ReturnType<typeof pendingFiles>) => {
    const abort = new AbortController();
    controller.current = abort;
    return uploadItems(
      list,
      // A new release's files are made private, and the release then gives them its visibility in one
      // step (followers hear of the release once, not of each track); a file added to a public release is public.
      (item, onProgress) =>
        uploadOneTrack(
          { title: item.title.trim() || item.file.name, genre, file: item.file, access: { visibility: release && access.visibility === 'public' && release.visibility === 'public' ? 'public' : 'private' } },
          onProgress,
          abort.signal,
        ),
      dispatch,
      (error) => uploadFailureReason(error, t),
    );
  };

  const retry = async (key: string) => {
    const item = items.find((candidate) => candidate.key === key);
    if (!item || item.kind !== 'file') return;
    await upload([item]);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setMessage(null);
    if (!title.trim()) {
      setMessage({ kind: 'error', text: t('releases.form.titleRequired') });
      return;
    }
    if (items.length === 0) {
      setMessage({ kind: 'error', text: t('releases.form.noTracks') });
      return;
    }
    setBusy(true);
    try {
      // Every file becomes a track first (those done on an earlier try are not sent again).
      const order = items;
      const uploaded = await upload(pendingFiles(order));
      if (!uploaded.ok) {
        setMessage({ kind: 'error', text: t('releases.form.someFailed') });
        return;
      }
      const trackIds = order.flatMap((item) => {
        const track = uploaded.tracks.get(item.key) ?? trackOf(item);
        return track ? [track.id] : [];
      });
      const publishAt = access.visibility === 'public' ? null : fromLocalInput(access.publishAt);
      const accessChanged = !release || access.visibility !== initialAccess.visibility || access.publishAt !== initialAccess.publishAt;
      const details = { title: title.trim(), type, releaseDate: date, description: description.trim(), ...(accessChanged ? { visibility: access.visibility, publishAt } : {}) };
      let saved: ReleaseDetail;
      if (release) {
        // Its tracks first (new ones take a non-public release's access), then the details and access for all of them.
        await setReleaseTracks(release.id, trackIds);
        saved = await updateRelease(release.id, details);
      } else saved = await createRelease({ ...details, trackIds });
      setSecret(saved.secret ?? null);
      const cover = coverRef.current?.files?.[0];
      if (cover) saved = await putReleaseCover(saved.id, cover);
      await invalidate();
      setMessage({ kind: 'success', text: t('releases.form.created'), release: { id: saved.id, title: saved.title } });
      if (!release) {
        setTitle('');
        setDescription('');
        setAccess(initialAccess);
        dispatch({ type: 'reset', items: [] });
        if (filesRef.current) filesRef.current.value = '';
        if (coverRef.current) coverRef.current.value = '';
      }
      onDone?.();
    } catch (error) {
      setMessage({ kind: 'error', text: t('releases.form.failedToSave', { reason: uploadFailureReason(error, t) }) });
    } finally {
      setBusy(false);
      controller.current = null;
    }
  };

  return (
    <form className="upload-form release-form" onSubmit={(event) => void onSubmit(event)} aria-label={release ? t('releases.form.editTitle') : t('releases.form.newTitle')}
      noValidate
    >
      <div className="field">
        <label className="field__label" htmlFor={`${id}-title`}>
          {t('releases.form.title')}
        </label>
        <input id={`${id}-title`} className="input" name="title" required maxLength={200} autoComplete="off" value={title} onChange={(event) => setTitle(event.currentTarget.value)} />
      </div>
      <div className="release-form__row">
        <div className="field">
          <label className="field__label" htmlFor={`${id}-type`}>
            {t('releases.form.type')}
          </label>
          <select id={`${id}-type`} className="input" name="type" value={type} onChange={(event) => setType(event.currentTarget.value as ReleaseType)}>
            {RELEASE_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`releases.types.${option}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-date`}>
            {t('releases.form.date')}
          </label>
          <input id={`${id}-date`} className="input" name="releaseDate" type="date" required value={date} onChange={(event) => setDate(event.currentTarget.value)} />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-genre`}>
            {t('upload.genre')}
          </label>
          <select id={`${id}-genre`} className="input" name="genre" value={genre} onChange={(event) => setGenre(event.currentTarget.value as Genre)}>
            {GENRES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      </div>
      <VisibilityFields value={access} onChange={setAccess} disabled={busy} withDownload={false} publishAtHint={t('releaseAccess.publishAtHint')} />
      <p className="release-form__hint">{t('releaseAccess.tracksFollow')}</p>
      {release && release.visibility === 'unlisted' && secret && <ReleaseSecretLink releaseId={release.id} title={release.title} secret={secret} onReset={setSecret} />}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-description`}>
          {t('releases.form.description')}
        </label>
        <textarea id={`${id}-description`} className="input" name="description" rows={2} maxLength={2000} value={description} onChange={(event) => setDescription(event.currentTarget.value)} />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-cover`}>
          {t('releases.form.cover')}
        </label>
        <input ref={coverRef} id={`${id}-cover`} className="input upload-form__file" name="cover" type="file" accept="image/*" />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-files`}>
          {t('releases.form.files')}
        </label>
        <input
          ref={filesRef}
          id={`${id}-files`}
          className="input upload-form__file"
          name="files"
          type="file"
          accept="audio/*"
          multiple
          aria-describedby={`${id}-files-hint`}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            if (files.length > 0) dispatch({ type: 'addFiles', files });
            event.currentTarget.value = '';
          }}
        />
        <span id={`${id}-files-hint`} className="release-form__hint">
          {t('releases.form.filesHint')}
        </span>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-gather`}>
          {t('releases.form.gather')}
        </label>
        {free.length === 0 ? (
          <span className="release-form__hint">{t('releases.form.gatherNone')}</span>
        ) : (
          <select
            id={`${id}-gather`}
            className="input"
            value=""
            onChange={(event) => {
              const track = free.find((candidate) => candidate.id === event.currentTarget.value);
              if (track) dispatch({ type: 'addTrack', track });
            }}
          >
            <option value="">—</option>
            {free.map((track) => (
              <option key={track.id} value={track.id}>
                {track.title}
              </option>
            ))}
          </select>
        )}
      </div>
      <fieldset className="release-form__tracks">
        <legend className="field__label">{t('releases.form.tracks')}</legend>
        {items.length === 0 ? (
          <p className="release-form__hint">{t('releases.form.noTracks')}</p>
        ) : (
          <ol className="release-form__list">
            {items.map((item, index) => (
              <ReleaseItemRow
                key={item.key}
                item={item}
                index={index}
                last={index === items.length - 1}
                busy={busy}
                onRename={(value) => dispatch({ type: 'rename', key: item.key, title: value })}
                onMove={(by) => dispatch({ type: 'move', key: item.key, by })}
                onRemove={() => dispatch({ type: 'remove', key: item.key })}
                onRetry={() => void retry(item.key)}
              />
            ))}
          </ol>
        )}
      </fieldset>
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
          <button type="button" className="button button--secondary" onClick={() => controller.current?.abort()}>
            {t('upload.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}

function ReleaseItemRow(props: {
  item: ReleaseItem;
  index: number;
  last: boolean;
  busy: boolean;
  onRename: (title: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  onRetry: () => void;
}) {
  const { item, index, last, busy, onRename, onMove, onRemove, onRetry } = props;
  const { t } = useTranslation();
  const title = item.kind === 'file' ? item.title : item.track.title;
  const percent = item.kind === 'file' && item.progress && item.progress.total > 0 ? Math.round((item.progress.sent / item.progress.total) * 100) : 0;
  const status =
    item.kind === 'track'
      ? t('releases.form.existing')
      : item.status === 'waiting'
        ? t('releases.form.waiting')
        : item.status === 'uploading'
          ? t('releases.form.uploading', { percent })
          : item.status === 'done'
            ? t('releases.form.uploaded')
            : t('releases.form.failed', { reason: item.error ?? '' });
  return (
    <li className={`release-item ${item.kind === 'file' && item.status === 'failed' ? 'release-item--failed' : ''}`} data-testid="release-item">
      <span className="release-item__number">{index + 1}</span>
      <div className="release-item__main">
        {item.kind === 'file' && item.status !== 'done' ? (
          <input className="input release-item__title" aria-label={t('upload.trackTitle')} value={item.title} disabled={item.status === 'uploading'} onChange={(event) => onRename(event.currentTarget.value)} />
        ) : (
          <span className="release-item__title">{title}</span>
        )}
        <span className="release-item__status" data-testid="release-item-status" role={item.kind === 'file' && item.status === 'failed' ? 'alert' : undefined}>
          {status}
        </span>
        {item.kind === 'file' && item.status === 'uploading' && item.progress && <UploadProgressBar progress={item.progress} />}
      </div>
      <div className="release-item__actions">
        {item.kind === 'file' && item.status === 'failed' && (
          <button type="button" className="button button--secondary" onClick={onRetry}>
            {t('releases.form.retry')}
          </button>
        )}
        <button type="button" className="button button--link" aria-label={t('releases.form.moveUp', { title })} disabled={index === 0 || busy} onClick={() => onMove(-1)}>
          ↑
        </button>
        <button type="button" className="button button--link" aria-label={t('releases.form.moveDown', { title })} disabled={last || busy} onClick={() => onMove(1)}>
          ↓
        </button>
        <button type="button" className="button button--link" aria-label={t('releases.form.remove', { title })} disabled={busy && item.kind === 'file' && item.status === 'uploading'} onClick={onRemove}>
          ✕
        </button>
      </div>
    </li>
  );
}

/** "Copy secret link" and "Reset link" of an unlisted release: one link opens its page and plays all its tracks; a reset kills the old one. */
export function ReleaseSecretLink({ releaseId, title, secret, onReset }: { releaseId: string; title: string; secret: string; onReset: (secret: string | null) => void }) {
  const { t } = useTranslation();
  const invalidate = useInvalidateReleases();
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const link = releaseLink(releaseId, secret);
  const copy = async () => setNote((await copyText(link)) ? t('visibility.copied') : t('visibility.copyFailed', { url: link }));
  const reset = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await resetReleaseSecret(releaseId);
      onReset(saved.secret ?? null);
      await invalidate();
      setNote(t('visibility.resetDone'));
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : String(cause));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <div className="studio-item__secret" data-testid="release-secret-link">
      <span className="field__label">{t('releaseAccess.secretLink')}</span>
      <button type="button" className="button button--secondary" aria-label={t('visibility.copyLinkNamed', { name: title })} onClick={() => void copy()}>
        {t('visibility.copyLink')}
      </button>
      <button type="button" className="button button--secondary" aria-label={t('visibility.resetLinkNamed', { name: title })} disabled={busy} onClick={() => setConfirming(true)}>
        {t('visibility.resetLink')}
      </button>
      {note && (
        <span className="studio-item__meta" role="status">
          {note}
        </span>
      )}
      {error && (
        <span className="error-text" role="alert">
          {error}
        </span>
      )}
      {confirming && (
        <ConfirmDialog
          open
          question={t('releaseAccess.resetQuestion')}
          confirmLabel={t('visibility.resetLink')}
          subject={title}
          busy={busy}
          onConfirm={() => void reset()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </div>
  );
}
