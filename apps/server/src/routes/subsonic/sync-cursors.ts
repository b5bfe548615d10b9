import type { SyncKey } from '../../repositories/subsonic.repository.js';
import type { SharedState } from '../../shared-state/shared-state.js';

/** How long a walk's place is kept after its last page: a sync pausing longer continues by OFFSET. */
export const SYNC_CURSOR_TTL_MS = 10 * 60_000;

/** One page of a catalogue-wide list: the rows, each with its sort key. */
export type KeyedPage<R> = Array<R & { key: SyncKey }>;

/**
 * Keyset paging behind Subsonic's offsets. Clients sync the whole catalogue (search3 with an empty
 * query, getAlbumList2 alphabetical) page after page, each offset the previous one plus the
 * previous page's length. After a full page this remembers, in the shared state (Redis or
 * in-process, so any instance continues the walk), the sort key of the page's last row under the
 * caller, the list and the offset the next page will ask for; that page then seeks past the key on
 * the list's index (costing its size at any depth) instead of skipping `offset` rows. Any other
 * offset (a first page, a jump, a place forgotten after SYNC_CURSOR_TTL_MS) is an OFFSET walk of
 * the same index. Both give the same rows while the catalogue stays as it is (a total order with
 * the unique id last); should it change mid-walk, a continued page starts after the last row the
 * client got, where OFFSET would repeat or skip rows. One place per caller and list: two walks of
 * the same list by one account at once still answer rightly, at OFFSET's cost.
 */
export class SyncCursors {
  constructor(
    private readonly shared: Pick<SharedState, 'putValue' | 'getValue'>,
    private readonly ttlMs = SYNC_CURSOR_TTL_MS,
  ) {}

  /**
   * A page of `list` for `caller` at `offset`: `read` gets the remembered key to continue after
   * when the caller's walk reached exactly this offset, else undefined (then it skips `offset`).
   */
  async page<R>(caller: string, list: string, size: number, offset: number, read: (after: SyncKey | undefined) => Promise<KeyedPage<R>>): Promise<KeyedPage<R>> {
    const name = `subsonic-sync:${caller}:${list}`;
    const after = offset > 0 ? await this.recall(name, offset) : undefined;
    const rows = await read(after);
    const last = rows.at(-1);
    if (last && rows.length === size) await this.remember(name, offset + size, last.key);
    return rows;
  }

  private async recall(name: string, offset: number): Promise<SyncKey | undefined> {
    try {
      const kept = await this.shared.getValue(name);
      if (!kept) return undefined;
      const place = JSON.parse(kept) as { offset: number; key: SyncKey };
      return place.offset === offset ? place.key : undefined;
    } catch {
      // A shared state that does not answer costs speed, never the answer.
      return undefined;
    }
  }

  private async remember(name: string, offset: number, key: SyncKey): Promise<void> {
    try {
      await this.shared.putValue(name, JSON.stringify({ offset, key }), this.ttlMs);
    } catch {
      // As above: the next page falls back to OFFSET.
    }
  }
}
