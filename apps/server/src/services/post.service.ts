import { type CreatePost, type NewsPage, type Post, type PostLikeState, type ReleaseSummary, type RemoteTrack, type Track, createPostSchema } from '@platter/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { EventBus } from '../events/event-bus.js';
import { type Actor, ownsOrAdmin } from '../lib/actor.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../lib/errors.js';
import { newId, nowIso } from '../lib/ids.js';
import type { FeedAuthor, NewsFeedRepository } from '../repositories/news-feed.repository.js';
import type { PostRepository, PostWithAuthor } from '../repositories/post.repository.js';
import type { ReleaseRepository, ReleaseWithArtist } from '../repositories/release.repository.js';
import type { TrackWithArtist } from '../repositories/track-query.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import type { ProfileService } from './profile.service.js';
import { toReleaseSummary } from './release.service.js';
import { toTrack } from './track.mapper.js';

const AUTHOR_POSTS_LIMIT = 100;

function toPost(row: PostWithAuthor, liked: boolean, track?: Track, release?: ReleaseSummary): Post {
  return {
    id: row.id,
    authorId: row.author_id,
    authorName: row.author_name,
    authorPhotoURL: row.author_photo,
    authorStatus: row.author_status,
    text: row.text,
    createdAt: row.created_at,
    likes: row.likes_count,
    liked,
    pinned: row.pinned === 1,
    kind: row.kind,
    ...(row.kind === 'repost' ? (release ? { release } : { track: track ?? null }) : {}),
  };
}

export interface PostServiceDeps {
  db: Kysely<Database>;
  posts: PostRepository;
  profiles: ProfileService;
  events: EventBus;
  /** Reads the tracks of reposts in News. */
  tracks?: Pick<TrackRowsRepository, 'getManyVisible'>;
  /** Reads the releases of reposts in News (migration release-reposts). */
  releases?: ReleaseRepository;
  /** The followed artists' releases and new tracks in News (issue 29); News is posts only without it. */
  feed?: Pick<NewsFeedRepository, 'followedArtists' | 'releases' | 'singles'>;
  /** The tracks of remote artists the viewer follows (issue 30), when federation is on. */
  remote?: { remoteNews(viewerId: string, limit: number, before?: string): Promise<RemoteTrack[]> };
}

/** A followed remote artist's track in News, at its published time. */
function remoteItem(track: RemoteTrack): Post {
  return {
    id: `remote:${track.uri}`,
    authorId: track.actor.uri,
    authorName: track.actor.name,
    authorPhotoURL: track.actor.iconUrl ?? null,
    authorStatus: 'user',
    text: '',
    createdAt: track.published,
    likes: 0,
    liked: false,
    pinned: false,
    kind: 'remote',
    remoteTrack: track,
  };
}

/** A followed artist's release in News, at the time it went public. */
function releaseItem(row: ReleaseWithArtist & FeedAuthor): Post {
  return {
    id: `release:${row.id}`,
    authorId: row.artist_id,
    authorName: row.artist_name,
    authorPhotoURL: row.author_photo,
    authorStatus: row.author_status,
    text: '',
    createdAt: row.published_at ?? row.created_at,
    likes: 0,
    liked: false,
    pinned: false,
    kind: 'release',
    release: toReleaseSummary(row),
  };
}

/** A followed artist's new public track (on no release) in News. */
function trackItem(row: TrackWithArtist & FeedAuthor): Post {
  return {
    id: `track:${row.id}`,
    authorId: row.artist_id,
    authorName: row.artist_name,
    authorPhotoURL: row.author_photo,
    authorStatus: row.author_status,
    text: '',
    createdAt: row.created_at,
    likes: 0,
    liked: false,
    pinned: false,
    kind: 'track',
    track: toTrack(row),
  };
}

/** Newest first; between equal times, the greater id first (as each list is ordered). */
const newestFirst = (a: Post, b: Post) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1);

/** Artists' short posts, their likes and pins, and the news feed built from them. */
export class PostService {
  constructor(private readonly deps: PostServiceDeps) {}

  /** The posts with the viewer's likes; a repost with its track, left out when the track is no longer visible. */
  private async withLikes(rows: PostWithAuthor[], viewer: Actor | undefined): Promise<Post[]> {
    const liked = viewer ? await this.deps.posts.likedAmong(viewer.id, rows.map((r) => r.id)) : new Set<string>();
    const trackIds = rows.flatMap((r) => (r.kind === 'repost' && r.track_id ? [r.track_id] : []));
    const tracks = new Map(trackIds.length > 0 && this.deps.tracks ? (await this.deps.tracks.getManyVisible(trackIds)).map((t) => [t.id, toTrack(t)]) : []);
    // A reposted release shows while it is public (and has a visible track).
    const releaseIds = rows.flatMap((r) => (r.kind === 'repost' && r.release_id ? [r.release_id] : []));
    const releases = new Map(releaseIds.length > 0 && this.deps.releases ? (await this.deps.releases.getManyPublic(releaseIds)).map((r) => [r.id, toReleaseSummary(r)]) : []);
    return rows.flatMap((row) => {
      if (row.kind !== 'repost') return [toPost(row, liked.has(row.id))];
      if (row.release_id) {
        const release = releases.get(row.release_id);
        return release ? [toPost(row, liked.has(row.id), undefined, release)] : [];
      }
      const track = row.track_id ? tracks.get(row.track_id) : undefined;
      return track ? [toPost(row, liked.has(row.id), track)] : [];
    });
  }

  private async require(postId: string): Promise<PostWithAuthor> {
    const row = await this.deps.posts.getById(postId);
    if (!row) throw new NotFoundError('This post does not exist or was deleted.', 'post_not_found');
    return row;
  }

  private changed(row: PostWithAuthor, change: 'created' | 'deleted' | 'likes' | 'pinned'): void {
    this.deps.events.emit('post.changed', { postId: row.id, authorId: row.author_id, authorStatus: row.author_status, change });
  }

  async create(actor: Actor, input: CreatePost): Promise<Post> {
    const { text } = createPostSchema.parse(input);
    await this.deps.profiles.requireForUser(actor.id);
    const id = newId();
    await this.deps.posts.create({ id, authorId: actor.id, text, at: nowIso() });
    const row = await this.require(id);
    this.changed(row, 'created');
    return toPost(row, false);
  }

  async delete(actor: Actor, postId: string): Promise<void> {
    const row = await this.require(postId);
    if (!ownsOrAdmin(actor, row.author_id)) throw new ForbiddenError('Only the author can delete this post.', 'not_your_post');
    if (row.kind === 'repost') throw new BadRequestError('This is a repost: undo it on its track or release (DELETE /api/tracks/:id/repost or /api/releases/:id/repost).', 'is_repost');
    if (await this.deps.posts.delete(postId)) this.changed(row, 'deleted');
  }

  async like(actor: Actor, postId: string): Promise<PostLikeState> {
    return this.setLike(actor, postId, true);
  }

  async unlike(actor: Actor, postId: string): Promise<PostLikeState> {
    return this.setLike(actor, postId, false);
  }

  private async setLike(actor: Actor, postId: string, liked: boolean): Promise<PostLikeState> {
    const row = await this.require(postId);
    const { changed, likes } = await this.deps.db.transaction().execute(async (trx) => {
      const changed = liked ? await this.deps.posts.like(trx, actor.id, postId, nowIso()) : await this.deps.posts.unlike(trx, actor.id, postId);
      return { changed, likes: await this.deps.posts.likesCount(postId, trx) };
    });
    if (changed) this.changed(row, 'likes');
    return { postId, liked, likes };
  }

  /** Pins this post and unpins the author's others (one pinned post per author). */
  async pin(actor: Actor, postId: string, pinned: boolean): Promise<Post> {
    const row = await this.require(postId);
    if (row.author_id !== actor.id) throw new ForbiddenError('Only the author can pin or unpin this post.', 'not_your_post');
    if (row.kind === 'repost') throw new BadRequestError('A repost cannot be pinned.', 'is_repost');
    if (pinned) await this.deps.posts.setPinned(actor.id, postId);
    else if (row.pinned) await this.deps.posts.setPinned(actor.id, null);
    this.changed(row, 'pinned');
    const [post] = await this.withLikes([await this.require(postId)], actor);
    return post as Post;
  }

  /** An author's posts, pinned first; 404 for an unknown author. */
  async listByAuthor(authorId: string, viewer: Actor | undefined): Promise<{ items: Post[] }> {
    await this.deps.profiles.get(authorId);
    return { items: await this.withLikes(await this.deps.posts.listByAuthor(authorId, AUTHOR_POSTS_LIMIT), viewer) };
  }

  /**
   * SPEC section 5: creators' posts for everyone, plus the viewer's subscriptions' posts; and
   * (issue 29) the releases and new single tracks of the artists the viewer follows, each at the
   * time it went public. The three lists are read newest first from the cursor, a page and one
   * more each, and merged; the cursor is the time of the page's last item.
   */
  async news(viewer: Actor | undefined, query: { before?: string; limit: number }): Promise<NewsPage> {
    const feed = this.deps.feed;
    const followed = viewer && feed ? await feed.followedArtists(viewer.id) : [];
    const remote = this.deps.remote;
    const [rows, releases, singles, remotes] = await Promise.all([
      this.deps.posts.news(viewer?.id, query.before, query.limit + 1),
      feed && followed.length > 0 ? feed.releases(followed, query.before, query.limit + 1) : Promise.resolve([]),
      feed && followed.length > 0 ? feed.singles(followed, query.before, query.limit + 1) : Promise.resolve([]),
      viewer && remote ? remote.remoteNews(viewer.id, query.limit + 1, query.before) : Promise.resolve([]),
    ]);
    const posts = await this.withLikes(rows, viewer);
    // A repost whose track or release is gone is left out by withLikes; its time still counts for the cursor.
    const merged = [...posts, ...releases.map(releaseItem), ...singles.map(trackItem), ...remotes.map(remoteItem)].sort(newestFirst);
    const more = rows.length + releases.length + singles.length + remotes.length > query.limit;
    const page = merged.slice(0, query.limit);
    const last = page.at(-1);
    return { items: page, nextCursor: more && last ? last.createdAt : null };
  }
}
