import type { ReleaseDetail, ReleaseType, Track } from '@platter/shared';
import { DEFAULT_GENRE, type Genre } from '@platter/shared/constants';
import { useReducer, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMyTracks } from '../api/get-my-tracks';
import { createRelease, putReleaseCover, setReleaseTracks, updateRelease, useInvalidateReleases } from '../api/releases';
import { uploadFailureReason } from '../components/upload-form';
import { fromLocalInput, toLocalInput, type VisibilityValue } from '../components/visibility-fields';
import { pendingFiles, releaseItemsReducer, trackOf, uploadItems, type ReleaseItem } from '../release-uploads';
import { uploadOneTrack } from './use-upload-track';
import { putLyrics } from '../../../lib/lyrics-api';
import { byTagOrder, readFileTags } from '../file-tags';
import { isAudioFile } from '../dropped-files';

const today = () => new Date().toISOString().slice(0, 10);

export type ReleaseFormMessage = { kind: 'success' | 'error'; text: string; release?: { id: string; title: string } };

/**
 * The release form's state and what it does: its details, its list of files and published tracks
 * (`releaseItemsReducer`), the uploads (each file with its own progress and Retry) and the save.
 * Files upload first; the release is created (or updated) from the tracks once every file is in.
 */
export function useReleaseForm(release: ReleaseDetail | undefined, onDone: (() => void) | undefined) {
  const { t } = useTranslation();
  const [title, setTitle] = useState(release?.title ?? '');
  const [type, setType] = useState<ReleaseType>(release?.type ?? 'ep');
  const [date, setDate] = useState(release?.releaseDate ?? today());
  const [description, setDescription] = useState(release?.description ?? '');
  const [genre, setGenre] = useState<Genre>(DEFAULT_GENRE);
  // Who may see it and when it goes public; its tracks follow on the server.
  const initialAccess: VisibilityValue = { visibility: release?.visibility ?? 'public', publishAt: toLocalInput(release?.publishAt), downloadable: false };
  const [access, setAccess] = useState<VisibilityValue>(initialAccess);
  const [secret, setSecret] = useState(release?.secret ?? null);
  const [items, dispatch] = useReducer(releaseItemsReducer, release?.tracks ?? [], (tracks: Track[]) =>
    tracks.reduce<ReleaseItem[]>((all, track) => releaseItemsReducer(all, { type: 'addTrack', track }), []),
  );
  const [busy, setBusy] = useState(false);
  // While the tags of newly added files are read; then the cover they brought, shown beside the Cover field.
  const [readingFiles, setReadingFiles] = useState(false);
  const [coverPreview, setCoverPreview] = useState<string | null>(null);
  const [message, setMessage] = useState<ReleaseFormMessage | null>(null);
  const filesRef = useRef<HTMLInputElement>(null);
  const coverRef = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const myTracks = useMyTracks();
  const invalidate = useInvalidateReleases();

  /** The artist's tracks that may still join: in no release, or already in this one, and not listed yet. */
  const inItems = new Set(items.flatMap((item) => (trackOf(item) ? [trackOf(item)!.id] : [])));
  const free = (myTracks.data?.items ?? []).filter((track) => !inItems.has(track.id) && (!track.release || track.release.id === release?.id));

  const upload = (list: ReturnType<typeof pendingFiles>) => {
    const abort = new AbortController();
    controller.current = abort;
    return uploadItems(
      list,
      // A new release's files are made private, and the release then gives them its visibility in one
      // step (followers hear of the release once, not of each track); a file added to a public release is public.
      async (item, onProgress) => {
        const track = await uploadOneTrack(
          { title: item.title.trim() || item.file.name, genre: item.tags?.genre ?? genre, file: item.file, access: { visibility: release && access.visibility === 'public' && release.visibility === 'public' ? 'public' : 'private' } },
          onProgress,
          abort.signal,
        );
        // The file's own lyrics go with it; the track is in even if they are refused.
        if (item.tags?.lyrics) await putLyrics(track.id, { text: item.tags.lyrics }).catch((error: unknown) => console.warn('Lyrics from the file refused', error));
        return track;
      },
      dispatch,
      (error) => uploadFailureReason(error, t),
    );
  };

  /** Puts an image into the Cover field, as if the artist had picked it (they may pick another). */
  const setCover = (picture: File | null) => {
    const input = coverRef.current;
    if (input && picture && typeof DataTransfer !== 'undefined') {
      const transfer = new DataTransfer();
      transfer.items.add(picture);
      input.files = transfer.files;
    }
    setCoverPreview((previous) => {
      if (previous) URL.revokeObjectURL(previous);
      return picture ? URL.createObjectURL(picture) : null;
    });
  };

  /**
   * Files picked or dropped (a folder's too): the audio ones join the list in the order of their tags
   * (disc, track number, then name; as chosen when none has a track number), titled from their tags; the first album tag names an untitled
   * release, the first embedded picture is its cover when none was picked, a genre tag its genre.
   */
  const addFiles = async (picked: readonly File[]) => {
    const audio = picked.filter(isAudioFile);
    if (audio.length === 0) return;
    setReadingFiles(true);
    try {
      const read = await Promise.all(audio.map(async (file) => ({ file, name: file.webkitRelativePath || file.name, tags: await readFileTags(file) })));
      // Files none of which has a track number keep the order they were chosen in.
      const ordered = read.some((entry) => entry.tags.trackNo !== undefined) ? byTagOrder(read) : read;
      dispatch({ type: 'addFiles', files: ordered.map((entry) => entry.file), tags: ordered.map((entry) => entry.tags) });
      const album = ordered.find((entry) => entry.tags.album)?.tags.album;
      if (album) setTitle((current) => current || album);
      const tagGenre = ordered.find((entry) => entry.tags.genre)?.tags.genre;
      if (tagGenre) setGenre((current) => (current === DEFAULT_GENRE ? tagGenre : current));
      const picture = ordered.find((entry) => entry.tags.picture)?.tags.picture;
      if (picture && !coverRef.current?.files?.length) setCover(picture);
    } finally {
      setReadingFiles(false);
    }
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
        setCover(null);
      }
      onDone?.();
    } catch (error) {
      setMessage({ kind: 'error', text: t('releases.form.failedToSave', { reason: uploadFailureReason(error, t) }) });
    } finally {
      setBusy(false);
      controller.current = null;
    }
  };

  return {
    details: { title, setTitle, type, setType, date, setDate, description, setDescription, genre, setGenre },
    access,
    setAccess,
    secret,
    setSecret,
    items,
    dispatch,
    free,
    busy,
    message,
    filesRef,
    coverRef,
    addFiles,
    readingFiles,
    coverPreview,
    onCoverPicked: (picked: File | undefined) => setCover(picked ?? null),
    retry,
    onSubmit,
    /** Stops the uploads under way (the save then reports them failed). */
    cancel: () => controller.current?.abort(),
  };
}
