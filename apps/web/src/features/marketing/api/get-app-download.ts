import type { AppDownload } from '@platter/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys';
import { fetchJson, isCount, isRecord } from '../lib/fetch-json';

const KINDS: readonly unknown[] = ['file', 'remote', 'none'] satisfies AppDownload['kind'][];
const isStringOrNull = (value: unknown) => value === null || typeof value === 'string';

/** The shape of appDownloadSchema (@platter/shared), checked without zod (see lib/fetch-json.ts). */
const isAppDownload = (body: unknown): body is AppDownload =>
  isRecord(body) &&
  KINDS.includes(body.kind) &&
  isStringOrNull(body.url) &&
  isStringOrNull(body.fileName) &&
  (body.size === null || isCount(body.size));

/** `GET /api/app/download`: where the Android package is (a file Platter serves, a remote URL, or none). */
export const getAppDownload = (signal?: AbortSignal) => fetchJson('/api/app/download', isAppDownload, signal);

export const appDownloadQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.site.appDownload,
    queryFn: ({ signal }) => getAppDownload(signal),
  });

/** Whether the answer names an Android package (a file Platter serves or a remote one); unknown yet counts as none. */
export const hasPackage = (download: AppDownload | undefined) => download?.kind === 'file' || download?.kind === 'remote';

export function useAppDownload() {
  return useQuery(appDownloadQueryOptions());
}
