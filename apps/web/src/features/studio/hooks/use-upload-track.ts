import type { CreateTrack, Track } from '@platter/shared';
import type { Genre } from '@platter/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { createTrack } from '../api/create-track';
import { getUploadUrl } from '../api/get-upload-url';
import { putFile, UPLOAD_ABORTED, type UploadProgress } from '../api/put-file';
import { putTrackCover } from '../api/put-track-cover';
import { createRelease, getRelease, putReleaseCover, setReleaseTracks } from '../api/releases';
import { putLyrics } from '../../../lib/lyrics-api';

export interface UploadInput {
  title: string;
  genre: Genre;
  file: File;
  /** An optional cover image, set on the track once it exists. */
  cover?: File | null;
  /** Free tags besides the genre (normalised). */
  tags?: string[];
  /** Visibility, scheduled release and download toggle; public, unscheduled, no downloads when left out. */
  access?: Pick<CreateTrack, 'visibility' | 'publishAt' | 'downloadable'>;
  /** Lyrics to set once the track exists (plain or LRC, from the file's tags or typed). */
  lyrics?: string | null;
  /**
   * The release to put it on (the file's album tag, or typed): one of mine with that title, at
   * `trackNo` when given, else a new release of that title.
   */
  release?: { title: string; trackNo: number | null } | null;
}

export interface UploadResult {
  track: Track;
  /** The track is published, but its cover was refused (the server's reason). */
  coverError: Error | null;
  /** The track is published, but joining its release or saving its lyrics failed. */
  extraErrors: { release?: Error; lyrics?: Error };
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/** Puts the new track on the release of that title (mine), at its number, or on a new release named so. */
async function joinRelease(track: Track, { title, trackNo }: NonNullable<UploadInput['release']>, access: UploadInput['access'], cover: File | null | undefined) {
  const existing = (await apiRequest('/api/me/releases', { schema: 'releaseListSchema' })).items;
  const same = existing.find((release) => release.title.trim().toLowerCase() === title.toLowerCase());
  if (same) {
    const ids = (await getRelease(same.id)).tracks.map((t) => t.id).filter((id) => id !== track.id);
    ids.splice(trackNo ? Math.min(Math.max(trackNo - 1, 0), ids.length) : ids.length, 0, track.id);
    await setReleaseTracks(same.id, ids);
    return;
  }
  const visibility = access?.visibility ?? 'public';
  const created = await createRelease({ title, type: 'single', trackIds: [track.id], visibility, ...(visibility !== 'public' && access?.publishAt ? { publishAt: access.publishAt } : {}) });
  if (cover) await putReleaseCover(created.id, cover);
}

export type UploadStep = 'get-upload-url' | 'put-file' | 'create-track';

/**
 * One file through the upload protocol (SPEC 7): an upload URL, the PUT with its progress, then
 * the track. Shared by the one-track form and the release form's many files.
 */
export async function uploadOneTrack(
  { title, genre, file, tags, access }: Omit<UploadInput, 'cover'>,
  onProgress: (progress: UploadProgress) => void,
  signal: AbortSignal,
): Promise<Track> {
  const fileType = file.type || 'application/octet-stream';
  onProgress({ sent: 0, total: file.size });
  const { uploadURL, fileUrl } = await runStep('get-upload-url', () => getUploadUrl({ fileName: file.name, fileType, fileSize: file.size }, signal));
  await runStep('put-file', () => putFile(uploadURL, file, fileType, onProgress, signal));
  return runStep('create-track', () => createTrack({ title, genre, url: fileUrl, ...(tags && tags.length > 0 ? { tags } : {}), ...access }, signal));
}

/** Which step failed travels with the error, for the console; the message stays the server's. */
export class UploadError extends Error {
  override readonly name = 'UploadError';

  constructor(
    readonly step: UploadStep,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }

  /** Cancelled by the artist rather than failed. */
  get cancelled(): boolean {
    const cause = this.cause;
    return (
      (cause instanceof ApiError && cause.code === UPLOAD_ABORTED) ||
      (cause instanceof DOMException && cause.name === 'AbortError')
    );
  }
}

async function runStep<T>(step: UploadStep, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (cause) {
    throw new UploadError(step, cause);
  }
}

/**
 * The upload protocol (SPEC 7): get an upload URL, PUT the file there with its progress, create
 * the track, then set the optional cover. `cancel()` aborts whichever request is running.
 */
export function useUploadTrack() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  const mutation = useMutation({
    mutationFn: async ({ cover, lyrics, release, ...input }: UploadInput): Promise<UploadResult> => {
      const abort = new AbortController();
      controller.current = abort;
      let track = await uploadOneTrack(input, setProgress, abort.signal);
      let coverError: Error | null = null;
      const extraErrors: UploadResult['extraErrors'] = {};
      if (cover) {
        try {
          track = await putTrackCover(track.id, cover);
        } catch (error) {
          coverError = asError(error);
        }
      }
      if (lyrics) await putLyrics(track.id, { text: lyrics }).catch((error: unknown) => (extraErrors.lyrics = asError(error)));
      if (release) await joinRelease(track, release, input.access, cover).catch((error: unknown) => (extraErrors.release = asError(error)));
      return { track, coverError, extraErrors };
    },
    onSettled: () => {
      controller.current = null;
      setProgress(null);
    },
    onSuccess: () =>
      Promise.all(
        [queryKeys.studio.all, queryKeys.tracks.all, queryKeys.genres, queryKeys.profiles.all, queryKeys.me, ['releases']].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });

  const cancel = () => controller.current?.abort();

  return { ...mutation, progress, cancel };
}
