import { type Kysely, sql } from 'kysely';
import { type Dialect, type DialectName, dialectOf } from '../db/dialect.js';
import type { Database, ProfilesTable } from '../db/schema.js';
import { MANY_AUTHORS } from './post.repository.js';
import type { ReleaseWithArtist } from './release.repository.js';

/** The artist's picture and badge, for the feed item's byline. */
export interface FeedAuthor {
  author_photo: string | null;
  author_status: ProfilesTable['status'];
}
import { type TrackWithArtist, trackBase } from './track-query.js';

/**
 * What News shows besides posts (issue 29): the releases and the new single tracks of the artists a
 * listener follows, each at the time it went public.
 * The followed artists are read first and given to the queries as one bound list (as the posts'
 * authors are): for a few, each engine reads each artist's rows by an artist index; for many (a
 * listener following a thousand artists), SQLite would read every one of their singles and sort
 * them (705 ms at a million tracks), so past MANY_AUTHORS it walks the tracks' time index from the
 * newest and stops at the page (0.5 ms), as PostgreSQL chooses by itself (bench/catalogue.md).
 * Releases keep the artist index: there are fewer, and with the unary + SQLite scans every profile.
 */
export class NewsFeedRepository {
  private readonly dialect: Dialect;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.dialect = dialectOf(dialect);
  }

  /** The artists the viewer follows, suspended ones left out. */
  async followedArtists(viewerId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('follows')
      .innerJoin('profiles', 'profiles.id', 'follows.artist_id')
      .select('follows.artist_id')
      .where('follows.subscriber_id', '=', viewerId)
      .where('profiles.suspended_at', 'is', null)
      .execute();
    return rows.map((r) => r.artist_id);
  }

  /**
   * The artists' public releases with a visible track, newest published first, strictly published
   * before `before` when given (each followed artist's releases by releases_artist_order_idx).
   */
  async releases(artistIds: readonly string[], before: string | undefined, limit: number): Promise<Array<ReleaseWithArtist & FeedAuthor>> {
    if (artistIds.length === 0) return [];
    return this.releasesQuery(artistIds, limit)
      .$if(before !== undefined, (q) => q.where('releases.published_at', '<', before!))
      .execute();
  }

  /** The query behind releases(); public so tests can EXPLAIN it. */
  releasesQuery(artistIds: readonly string[], limit: number) {
    return this.db
      .selectFrom('releases')
      .innerJoin('profiles', 'profiles.id', 'releases.artist_id')
      .selectAll('releases')
      .select(['profiles.display_name as artist_name', 'profiles.suspended_at as artist_suspended_at', 'profiles.photo_url as author_photo', 'profiles.status as author_status'])
      .where(this.dialect.idIn(sql.ref('releases.artist_id'), artistIds))
      .where('releases.visibility', '=', 'public')
      .where('releases.track_count', '>', 0)
      .where('releases.published_at', 'is not', null)
      .orderBy('releases.published_at', 'desc')
      .orderBy('releases.id', 'desc')
      .limit(limit);
  }

  /**
   * The artists' visible tracks on no release (a release's tracks come as the release), newest
   * first, strictly before `before` when given. A track's created_at is when it went public: a
   * scheduled one takes its publishing time (tracks_artist_order_idx).
   */
  async singles(artistIds: readonly string[], before: string | undefined, limit: number): Promise<Array<TrackWithArtist & FeedAuthor>> {
    if (artistIds.length === 0) return [];
    return this.singlesQuery(artistIds, limit)
      .$if(before !== undefined, (q) => q.where('tracks.created_at', '<', before!))
      .execute();
  }

  /** The query behind singles(); public so tests can EXPLAIN it. */
  singlesQuery(artistIds: readonly string[], limit: number) {
    return trackBase(this.db)
      .select(['profiles.photo_url as author_photo', 'profiles.status as author_status'])
      .where(this.dialect.idIn(this.artistColumn('tracks.artist_id', artistIds), artistIds))
      .where('tracks.hidden', '=', 0)
      .where('tracks.release_id', 'is', null)
      .orderBy('tracks.created_at', 'desc')
      .orderBy('tracks.id', 'desc')
      .limit(limit);
  }

  /** The artist column, kept out of SQLite's plan for many artists (see the class). */
  private artistColumn(column: 'tracks.artist_id', artistIds: readonly string[]) {
    const ref = sql.ref(column);
    return artistIds.length > MANY_AUTHORS ? this.dialect.unindexed(ref) : ref;
  }
}
