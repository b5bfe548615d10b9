import { create } from 'zustand';

/**
 * Deleting with Undo (comments and posts): the item leaves every list at once, a toast offers
 * Undo for UNDO_MS, and only then is the DELETE sent. Undo within that time sends nothing, so
 * nothing needs restoring on the server. Closing or leaving the tab while a toast shows sends the
 * pending deletes at once (a keepalive request on `pagehide`): the listener asked for them, and
 * nothing is left half done; a page that reloads later never sees the item again. A DELETE the
 * server refuses brings the item back with a toast that says so.
 */
export const UNDO_MS = 7000;

export type UndoKind = 'comment' | 'post';

export interface PendingDelete {
  key: string;
  kind: UndoKind;
  id: string;
  /** The DELETE endpoint. */
  path: string;
  /** 'waiting': the toast shows Undo; 'sending': the DELETE is on its way (the item stays hidden); 'failed': the server refused. */
  state: 'waiting' | 'sending' | 'failed';
}

interface UndoState {
  pending: PendingDelete[];
}

export const useUndoStore = create<UndoState>(() => ({ pending: [] }));

const timers = new Map<string, ReturnType<typeof setTimeout>>();
const callbacks = new Map<string, (deleted: boolean) => void>();

const keyOf = (kind: UndoKind, id: string) => `${kind}:${id}`;
const patch = (key: string, change: Partial<PendingDelete> | null) =>
  useUndoStore.setState((state) => ({
    pending: change === null ? state.pending.filter((item) => item.key !== key) : state.pending.map((item) => (item.key === key ? { ...item, ...change } : item)),
  }));

function send(item: PendingDelete, keepalive: boolean): Promise<boolean> {
  return fetch(item.path, { method: 'DELETE', credentials: 'same-origin', keepalive, headers: { Accept: 'application/json' } }).then(
    // Already gone (another device, a moderator) is as good as deleted.
    (response) => response.ok || response.status === 404,
    () => false,
  );
}

async function commit(key: string, keepalive = false) {
  clearTimeout(timers.get(key));
  timers.delete(key);
  const item = useUndoStore.getState().pending.find((candidate) => candidate.key === key);
  if (!item || item.state !== 'waiting') return;
  patch(key, { state: 'sending' });
  const deleted = await send(item, keepalive);
  callbacks.get(key)?.(deleted);
  callbacks.delete(key);
  if (deleted) patch(key, null);
  else patch(key, { state: 'failed' });
}

/** Hides the item now and deletes it at `path` after UNDO_MS unless undone; `done` is told whether the server deleted it. */
export function deleteWithUndo(kind: UndoKind, id: string, path: string, done?: (deleted: boolean) => void): void {
  const key = keyOf(kind, id);
  if (useUndoStore.getState().pending.some((item) => item.key === key && item.state !== 'failed')) return;
  useUndoStore.setState((state) => ({ pending: [...state.pending.filter((item) => item.key !== key), { key, kind, id, path, state: 'waiting' }] }));
  if (done) callbacks.set(key, done);
  timers.set(
    key,
    setTimeout(() => void commit(key), UNDO_MS),
  );
}

/** Undo: the item comes back and nothing is sent. */
export function undoDelete(key: string): void {
  clearTimeout(timers.get(key));
  timers.delete(key);
  callbacks.delete(key);
  patch(key, null);
}

/** Puts a failed delete's toast away (the item is already back). */
export const dismissUndo = (key: string) => patch(key, null);

/** The ids of `kind` hidden now (waiting for their toast, or being deleted). */
export function useHiddenIds(kind: UndoKind): string {
  // A joined string, so the selector's answer compares by value.
  return useUndoStore((state) =>
    state.pending
      .filter((item) => item.kind === kind && item.state !== 'failed')
      .map((item) => item.id)
      .join('\n'),
  );
}

export const isHidden = (hidden: string, id: string) => hidden !== '' && hidden.split('\n').includes(id);

/** Ends every undo time now and sends the waiting deletes (`keepalive`: the request outlives the page). */
export function commitPendingDeletes(keepalive = false): Promise<unknown> {
  return Promise.all(useUndoStore.getState().pending.map((item) => commit(item.key, keepalive)));
}

/** Forgets everything pending without sending it (tests). */
export function resetPendingDeletes(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  callbacks.clear();
  useUndoStore.setState({ pending: [] });
}

if (typeof window !== 'undefined') {
  // Leaving the page ends the undo time: what was deleted is deleted (keepalive outlives the page).
  window.addEventListener('pagehide', () => void commitPendingDeletes(true));
}
