import type { Track } from '@platter/shared';
import type { UploadProgress } from './api/put-file';
import type { FileTags } from './file-tags';

/**
 * The tracks of a release being made or edited, in play order: files to upload (each with its own
 * progress, error and retry) and tracks already published (gathered, or uploaded earlier).
 */
export type ReleaseItem =
  | {
      key: string;
      kind: 'file';
      file: File;
      title: string;
      status: 'waiting' | 'uploading' | 'done' | 'failed';
      progress: UploadProgress | null;
      error: string | null;
      /** Set once the file is a track (status done). */
      track: Track | null;
      /** What the file's own tags say (its genre and lyrics go with it). */
      tags?: FileTags;
    }
  | { key: string; kind: 'track'; track: Track };

export type ReleaseItemsAction =
  | { type: 'addFiles'; files: readonly File[]; tags?: readonly FileTags[] }
  | { type: 'addTrack'; track: Track }
  | { type: 'remove'; key: string }
  | { type: 'move'; key: string; by: -1 | 1 }
  /** Drag and drop: the item goes to index `to`. */
  | { type: 'moveTo'; key: string; to: number }
  | { type: 'rename'; key: string; title: string }
  | { type: 'started'; key: string }
  | { type: 'progress'; key: string; progress: UploadProgress }
  | { type: 'done'; key: string; track: Track }
  | { type: 'failed'; key: string; error: string }
  | { type: 'reset'; items: ReleaseItem[] };

let nextKey = 0;
const newKey = () => `item-${++nextKey}`;

/** A file's name without its extension, as a first title ("02 - Night Drive.mp3" → "02 - Night Drive"). */
export const titleFromFileName = (name: string): string => name.replace(/\.[^.]+$/, '').trim() || name;

export function releaseItemsReducer(items: ReleaseItem[], action: ReleaseItemsAction): ReleaseItem[] {
  const update = (key: string, change: (item: Extract<ReleaseItem, { kind: 'file' }>) => ReleaseItem) =>
    items.map((item) => (item.key === key && item.kind === 'file' ? change(item) : item));
  switch (action.type) {
    case 'addFiles':
      return [
        ...items,
        ...action.files.map((file, index): ReleaseItem => {
          const tags = action.tags?.[index];
          return { key: newKey(), kind: 'file', file, title: tags?.title ?? titleFromFileName(file.name), status: 'waiting', progress: null, error: null, track: null, ...(tags ? { tags } : {}) };
        }),
      ];
    case 'addTrack':
      return items.some((item) => item.kind === 'track' && item.track.id === action.track.id) ? items : [...items, { key: newKey(), kind: 'track', track: action.track }];
    case 'remove':
      return items.filter((item) => item.key !== action.key);
    case 'move':
    case 'moveTo': {
      const from = items.findIndex((item) => item.key === action.key);
      const to = action.type === 'move' ? from + action.by : action.to;
      if (from < 0 || to < 0 || to >= items.length) return items;
      const next = [...items];
      const [moved] = next.splice(from, 1);
      next.splice(to, 0, moved!);
      return next;
    }
    case 'rename':
      return update(action.key, (item) => ({ ...item, title: action.title }));
    case 'started':
      return update(action.key, (item) => ({ ...item, status: 'uploading', error: null, progress: { sent: 0, total: item.file.size } }));
    case 'progress':
      return update(action.key, (item) => ({ ...item, progress: action.progress }));
    case 'done':
      return update(action.key, (item) => ({ ...item, status: 'done', track: action.track, error: null }));
    case 'failed':
      return update(action.key, (item) => ({ ...item, status: 'failed', error: action.error }));
    case 'reset':
      return action.items;
  }
}

/** The published track of an item, when it is one. */
export const trackOf = (item: ReleaseItem): Track | null => (item.kind === 'track' ? item.track : item.track);

/** Files still to upload (waiting or failed), in order. */
export const pendingFiles = (items: readonly ReleaseItem[]) =>
  items.filter((item): item is Extract<ReleaseItem, { kind: 'file' }> => item.kind === 'file' && item.status !== 'done' && item.status !== 'uploading');

/**
 * Runs `upload` for each item, at most `concurrency` at a time, reporting through `dispatch`.
 * One file failing does not stop the others. Resolves with whether every one succeeded, and the
 * track each succeeded item became (by item key).
 */
export async function uploadItems(
  items: ReadonlyArray<Extract<ReleaseItem, { kind: 'file' }>>,
  upload: (item: Extract<ReleaseItem, { kind: 'file' }>, onProgress: (progress: UploadProgress) => void) => Promise<Track>,
  dispatch: (action: ReleaseItemsAction) => void,
  describeError: (error: unknown) => string,
  concurrency = 2,
): Promise<{ ok: boolean; tracks: Map<string, Track> }> {
  const queue = [...items];
  const tracks = new Map<string, Track>();
  let allDone = true;
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      const key = item.key;
      dispatch({ type: 'started', key });
      try {
        const track = await upload(item, (progress) => dispatch({ type: 'progress', key, progress }));
        tracks.set(key, track);
        dispatch({ type: 'done', key, track });
      } catch (error) {
        allDone = false;
        dispatch({ type: 'failed', key, error: describeError(error) });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, queue.length)) }, worker));
  return { ok: allDone, tracks };
}
