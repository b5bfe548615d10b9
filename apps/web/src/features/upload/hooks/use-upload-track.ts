import type { Genre } from '@platter/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '../../../lib/query-keys';
import { createTrack } from '../api/create-track';
import { getUploadUrl } from '../api/get-upload-url';
import { putFile, type UploadProgress } from '../api/put-file';

export interface UploadInput {
  title: string;
  genre: Genre;
  file: File;
}

export type UploadStep = 'get-upload-url' | 'put-file' | 'create-track';

/** Which step failed travels with the error, for the console; the message stays the server's. */
export class UploadError extends Error {
  override readonly name = 'UploadError';

  constructor(
    readonly step: UploadStep,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
  }
}

async function runStep<T>(step: UploadStep, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (cause) {
    throw new UploadError(step, cause);
  }
}

/** The three-step upload protocol: get an upload URL, PUT the file there, create the track. */
export function useUploadTrack() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);

  const mutation = useMutation({
    mutationFn: async ({ title, genre, file }: UploadInput) => {
      const fileType = file.type || 'application/octet-stream';
      setProgress({ sent: 0, total: file.size });
      const { uploadURL, fileUrl } = await runStep('get-upload-url', () =>
        getUploadUrl({ fileName: file.name, fileType }),
      );
      await runStep('put-file', () => putFile(uploadURL, file, fileType, setProgress));
      return runStep('create-track', () => createTrack({ title, genre, url: fileUrl }));
    },
    onSettled: () => setProgress(null),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tracks.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.genres }),
        queryClient.invalidateQueries({ queryKey: queryKeys.profiles.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.me }),
      ]),
  });

  return { ...mutation, progress };
}
