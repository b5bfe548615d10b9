import { createHash } from 'node:crypto';
import { canSeeTrack } from '../../lib/actor.js';
import { nowIso } from '../../lib/ids.js';
import { orderByIds } from '../../services/engagement.service.js';
import { SubsonicError, type SubsonicUser } from '../../services/subsonic-credential.service.js';
import { COVER, MAX_LIST, SINGLE_PREFIX, type SubsonicDeps, type SubsonicLibrary, releaseAlbum, rethrowAs70, songOf } from './library.js';
import type { Handlers } from './params.js';
import type { SubsonicObject } from './response.js';

/** How far back getNowPlaying looks, and how long past a track's end a play still shows. */
export const NOW_PLAYING_LOOKBACK_MS = 60 * 60_000;
const NOW_PLAYING_GRACE_MS = 60_000;

/** A player's id, a whole number (OpenSubsonic's playerId), stable for one listener's app. */
function playerIdOf(userId: string, player: string): number {
  return createHash('sha256').update(`${userId}\n${player}`).digest().readUInt32BE(0) >>> 1;
}

/** Media annotation: stars (likes and follows), ratings, scrobbles (listens) and what is playing now. */
export class SubsonicAnnotation {
  constructor(
    private readonly deps: Pick<SubsonicDeps, 'repository' | 'tracks' | 'profiles' | 'engagement' | 'releaseService' | 'artists'>,
    private readonly library: SubsonicLibrary,
  ) {}

  async star(user: SubsonicUser, ids: { id: string[]; albumId: string[]; artistId: string[] }, starred: boolean): Promise<void> {
    for (const id of ids.id) {
      // An album id passed as id (older clients) stars the album.
      if (!id.startsWith(SINGLE_PREFIX) && !(await this.deps.tracks.getById(id)) && (await this.deps.repository.releasesByIds([id])).length > 0) {
        await this.deps.releaseService.setLiked(user, id, starred).catch(rethrowAs70('Album'));
        continue;
      }
      // So does an artist id (Aonsoku stars everything by id): the artist is followed.
      if (!id.startsWith(SINGLE_PREFIX) && id.length <= 100 && !(await this.deps.tracks.getById(id)) && (await this.deps.profiles.getById(id))) {
        await (starred ? this.deps.artists.subscribe(user, id) : this.deps.artists.unsubscribe(user, id)).catch(rethrowAs70('Artist'));
        continue;
      }
      await this.likeTrack(user, id.startsWith(SINGLE_PREFIX) ? id.slice(SINGLE_PREFIX.length) : id, starred);
    }
    for (const id of ids.albumId) {
      if (id.startsWith(SINGLE_PREFIX)) await this.likeTrack(user, id.slice(SINGLE_PREFIX.length), starred);
      else await this.deps.releaseService.setLiked(user, id, starred).catch(rethrowAs70('Album'));
    }
    for (const id of ids.artistId) {
      // A starred artist is a followed one.
      await (starred ? this.deps.artists.subscribe(user, id) : this.deps.artists.unsubscribe(user, id)).catch(rethrowAs70('Artist'));
    }
  }

  private async likeTrack(user: SubsonicUser, trackId: string, liked: boolean): Promise<void> {
    await (liked ? this.deps.engagement.like(user.id, trackId) : this.deps.engagement.unlike(user.id, trackId)).catch(rethrowAs70('Song'));
  }

  async starred(user: SubsonicUser): Promise<SubsonicObject> {
    const followed = (await this.deps.artists.subscriptionIds(user)).ids.slice(0, MAX_LIST);
    const profiles = (await Promise.all(followed.map((id) => this.deps.profiles.getById(id)))).flatMap((p) => (p && p.tracks_count > 0 ? [p] : []));
    const releaseIds = await this.deps.repository.likedReleaseIds(user.id, MAX_LIST);
    const releases = new Map((await this.deps.repository.releasesByIds(releaseIds)).map((r) => [r.id, r]));
    const liked = await this.library.likedMap(user);
    const ids = [...liked.keys()].slice(0, MAX_LIST);
    const rows = orderByIds(ids, await this.deps.tracks.getManyVisible(ids));
    return {
      artist: profiles.map((p) => ({ id: p.id, name: p.display_name, coverArt: p.photo_url ? `${COVER.artist}${p.id}` : undefined, albumCount: p.tracks_count, starred: p.created_at })),
      album: releaseIds.flatMap((id) => {
        const row = releases.get(id);
        return row ? [releaseAlbum(row, row.created_at)] : [];
      }),
      song: rows.map((r) => songOf(r, liked.get(r.id))),
    };
  }

  /**
   * scrobble: with submission (the default) each id is a listen counted by the engagement service
   * under the same rules as the web player's (one per playback start, the replay guard), and goes
   * into the listening history; `time` (ms) is when the play started (an offline play). A hidden
   * track the caller may see (their own private one) is taken and not counted. Without
   * submission it is a "now playing" notice: the last id is kept as what this user plays now
   * (now_playing, one row per user), which getNowPlaying shows; nothing is counted.
   */
  async scrobble(user: SubsonicUser, ids: string[], times: number[], submission: boolean, player = 'unknown'): Promise<void> {
    if (!submission) {
      for (const id of ids) await this.library.track(user, id);
      const last = ids.at(-1);
      if (last) await this.deps.repository.setNowPlaying({ user_id: user.id, track_id: last, player: player.slice(0, 100), updated_at: nowIso() });
      return;
    }
    for (const [i, id] of ids.entries()) {
      // A track the caller may see but others may not (their own private, unlisted or scheduled
      // one; any, for an admin) counts no listens, as in the web player: the scrobble is taken
      // (ok, as Navidrome answers) and nothing is counted or kept. Others' hidden tracks stay 70.
      const row = await this.library.track(user, id);
      if (row.hidden) continue;
      const time = times[i];
      const playedAt = time !== undefined && Math.abs(time - Date.now()) > 60_000 ? new Date(time).toISOString() : undefined;
      await this.deps.engagement.recordListen({ userId: user.id, anonymousKey: user.id }, id, playedAt ? { playedAt } : {}).catch(rethrowAs70('Song'));
      await this.deps.engagement.recordHistory(user.id, id).catch(rethrowAs70('Song'));
    }
  }

  /**
   * getNowPlaying: what listeners play now, from the database (so every instance answers alike):
   * the track a Subsonic app announced (scrobble, submission=false) and the current track of each
   * play queue saved lately (the web player saves every 10 s while playing), each while within
   * its track's remaining length plus a minute. Only this user's own plays (their other apps and
   * devices): what someone listens to is theirs, as their history is, on a public service where
   * every account is a stranger to the others (Navidrome, for a household, shows everyone's).
   */
  async nowPlaying(user: SubsonicUser): Promise<SubsonicObject[]> {
    const now = Date.now();
    const plays = await this.deps.repository.recentPlays(user.id, new Date(now - NOW_PLAYING_LOOKBACK_MS).toISOString(), 100);
    const rows = new Map((await this.deps.tracks.getMany([...new Set(plays.map((p) => p.trackId))])).map((r) => [r.id, r]));
    const liked = await this.library.likedMap(user);
    const seen = new Set<string>();
    const entries: SubsonicObject[] = [];
    for (const play of plays) {
      const row = rows.get(play.trackId);
      const at = Date.parse(play.updatedAt);
      const remainingMs = Math.max(0, (row?.duration ?? 0) * 1000 - play.positionMs);
      if (!row || !canSeeTrack(row, user) || now > at + remainingMs + NOW_PLAYING_GRACE_MS || seen.has(`${play.userId} ${row.id}`)) continue;
      seen.add(`${play.userId} ${row.id}`);
      entries.push({
        ...songOf(row, liked.get(row.id)),
        username: play.userId === user.id ? user.username : play.displayName,
        minutesAgo: Math.max(0, Math.floor((now - at) / 60_000)),
        playerId: playerIdOf(play.userId, play.player),
        playerName: play.player,
      });
    }
    return entries;
  }
}

export function annotationHandlers(annotation: SubsonicAnnotation, library: SubsonicLibrary): Handlers {
  return {
    getNowPlaying: async (user) => ({ nowPlaying: { entry: await annotation.nowPlaying(user) } }),
    star: async (user, p) => {
      await annotation.star(user, { id: p.all('id'), albumId: p.all('albumId'), artistId: p.all('artistId') }, true);
      return {};
    },
    unstar: async (user, p) => {
      await annotation.star(user, { id: p.all('id'), albumId: p.all('albumId'), artistId: p.all('artistId') }, false);
      return {};
    },
    getStarred2: async (user) => ({ starred2: await annotation.starred(user) }),
    // Platter rates by likes, not stars out of five: a rating is checked and accepted but not kept
    // (a second, unseen rating would disagree with likes). Star a song to like it.
    setRating: async (user, p) => {
      await library.track(user, p.required('id'));
      p.int('rating', 0, 0, 5);
      if (p.get('rating') === undefined) throw new SubsonicError(10, 'Required parameter is missing: rating.');
      return {};
    },
    scrobble: async (user, p) => {
      const ids = p.all('id');
      if (ids.length === 0) throw new SubsonicError(10, 'Required parameter is missing: id.');
      const times = p.all('time').map((t) => {
        const value = Number(t);
        if (!Number.isSafeInteger(value) || value < 0) throw new SubsonicError(0, 'Parameter time must be milliseconds since 1970.');
        return value;
      });
      await annotation.scrobble(user, ids, times, p.bool('submission') ?? true, p.get('c'));
      return {};
    },
  };
}
