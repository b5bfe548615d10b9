import type { SubsonicUser } from '../../services/subsonic-credential.service.js';
import { type SubsonicDeps, type SubsonicLibrary, songOf } from './library.js';
import type { Handlers } from './params.js';
import type { SubsonicObject } from './response.js';

/** Bookmarks: the play queue saved on the server (shared with the web player's "continue"). */
export class SubsonicBookmarks {
  constructor(
    private readonly deps: Pick<SubsonicDeps, 'playQueue'>,
    private readonly library: SubsonicLibrary,
  ) {}

  /** The saved queue, or (none saved) an empty one changed at the epoch: OpenSubsonic's schema requires playQueue with username, changed and changedBy. */
  async playQueue(user: SubsonicUser): Promise<SubsonicObject> {
    const queue = await this.deps.playQueue.get(user.id);
    if (!queue) return { username: user.username, changed: new Date(0).toISOString(), changedBy: '', entry: [] };
    const liked = await this.library.likedMap(user);
    return {
      current: queue.currentId ?? undefined,
      position: queue.positionMs,
      username: user.username,
      changed: queue.updatedAt,
      changedBy: queue.changedBy,
      entry: queue.tracks.map((t) => songOf(t, liked.get(t.id))),
    };
  }

  async savePlayQueue(user: SubsonicUser, input: { ids: string[]; current?: string; position?: number; changedBy: string }): Promise<void> {
    await this.deps.playQueue.save(user.id, { trackIds: input.ids, currentId: input.current, positionMs: input.position, changedBy: input.changedBy });
  }
}

export function bookmarkHandlers(bookmarks: SubsonicBookmarks): Handlers {
  return {
    getPlayQueue: async (user) => ({ playQueue: await bookmarks.playQueue(user) }),
    savePlayQueue: async (user, p) => {
      const position = p.get('position') === undefined ? undefined : p.int('position', 0, 0, Number.MAX_SAFE_INTEGER);
      await bookmarks.savePlayQueue(user, { ids: p.all('id'), current: p.get('current'), position, changedBy: p.get('c') ?? 'unknown' });
      return {};
    },
  };
}
