import type { CreateTrack, Track } from '@platter/shared';
import type { Genre } from '@platter/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-keys';
import { createTrack } from '../api/create-track';
import { getUploadUrl } from '../api/get-upload-url';
import { putFile, UPLOAD_ABORTED, type UploadProgress } from '../api/put-file';
import { putTrackCover } from '../api/put-track-cover';

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
}

export interface UploadResult {
  track: Track;
  /** The track is published, but its cover was refused (the server's reason). */
  coverError: Error | null;
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
    mutationFn: async ({ cover, ...input }: UploadInput): Promise<UploadResult> => {
      const abort = new AbortController();
      controller.current = abort;
      const track = await uploadOneTrack(input, setProgress, abort.signal);
      if (!cover) return { track, coverError: null };
      try {
        return { track: await putTrackCover(track.id, cover), coverError: null };
      } catch (error) {
        return { track, coverError: error instanceof Error ? error : new Error(String(error)) };
      }
    },
    onSettled: () => {
      controller.current = null;
      setProgress(null);
    },
    onSuccess: () =>
      Promise.all(
        [queryKeys.studio.all, queryKeys.tracks.all, queryKeys.genres, queryKeys.profiles.all, queryKeys.me].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });

  const cancel = () => controller.current?.abort();

  return { ...mutation, progress, cancel };
}
