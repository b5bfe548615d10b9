import { type Kysely, sql } from 'kysely';
import { type Dialect, type DialectName, dialectOf } from '../db/dialect.js';
import type { Database, ProfilesTable } from '../db/schema.js';
import type { ReleaseWithArtist } from './release.repository.js';
import { type TrackWithArtist, trackBase } from './track-query.js';

/** An artist to follow, with what a suggestion card shows. */
export interface SuggestedArtist {
  id: string;
  display_name: string;
  photo_url: string | null;
  cover_url: string | null;
  bio: string;
  status: ProfilesTable['status'];
  is_artist: number;
  subscribers_count: number;
  subscriptions_count: number;
  tracks_count: number;
  created_at: string;
}

/**
 * What Home and News offer to discover (issue 29): the newest public releases, the tracks most
 * listened to lately, and artists a listener could follow.
 */
export class DiscoverRepository {
  private readonly dialect: Dialect;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.dialect = dialectOf(dialect);
  }

  /** Public releases with a visible track, newest published first (releases_published_idx); suspended artists' left out. */
  async newReleases(limit: number): Promise<ReleaseWithArtist[]> {
    return this.db
      .selectFrom('releases')
      .innerJoin('profiles', 'profiles.id', 'releases.artist_id')
      .selectAll('releases')
      .select(['profiles.display_name as artist_name', 'profiles.suspended_at as artist_suspended_at'])
      .where('releases.published_at', 'is not', null)
      .where('releases.visibility', '=', 'public')
      .where('releases.track_count', '>', 0)
      .where('profiles.suspended_at', 'is', null)
      .orderBy('releases.published_at', 'desc')
      .orderBy('releases.id', 'desc')
      .limit(limit)
      .execute();
  }

  /** The tracks listened to most since `since` (listens_time_idx), with their counts, most first; at most `limit` ids. */
  async listenedMostSince(since: string, limit: number): Promise<Array<{ track_id: string; listens: number }>> {
    const rows = await this.db
      .selectFrom('listens')
      .select(['track_id', sql<number>`count(*)`.as('listens')])
      .where('created_at', '>=', since)
      .groupBy('track_id')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('track_id')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ track_id: r.track_id, listens: Number(r.listens) }));
  }

  /** Visible tracks among these ids, as list rows (order not kept). */
  async visibleTracks(ids: readonly string[]): Promise<TrackWithArtist[]> {
    if (ids.length === 0) return [];
    return trackBase(this.db).where(this.dialect.idIn(sql.ref('tracks.id'), ids)).where('tracks.hidden', '=', 0).execute();
  }

  /** The visible tracks with the most listens of all time (tracks_listens_order_idx). */
  async mostListened(limit: number): Promise<TrackWithArtist[]> {
    return trackBase(this.db).where('tracks.hidden', '=', 0).orderBy('tracks.listens_count', 'desc').orderBy('tracks.created_at', 'desc').limit(limit).execute();
  }

  /**
   * Artists worth following: artists with visible tracks, not suspended, not the viewer and not
   * followed by them, the most followed first (profiles_subscribers_idx), then those with the most tracks.
   */
  async suggestedArtists(viewerId: string | undefined, limit: number): Promise<SuggestedArtist[]> {
    return this.db
      .selectFrom('profiles')
      .select([
        'profiles.id',
        'profiles.display_name',
        'profiles.photo_url',
        'profiles.cover_url',
        'profiles.bio',
        'profiles.status',
        'profiles.is_artist',
        'profiles.subscribers_count',
        'profiles.subscriptions_count',
        'profiles.tracks_count',
        'profiles.created_at',
      ])
      .where('profiles.tracks_count', '>', 0)
      .where('profiles.suspended_at', 'is', null)
      .$if(viewerId !== undefined, (q) =>
        q
          .where('profiles.id', '<>', viewerId!)
          .where((eb) => eb.not(eb.exists(eb.selectFrom('follows').select('follows.artist_id').whereRef('follows.artist_id', '=', 'profiles.id').where('follows.subscriber_id', '=', viewerId!)))),
      )
      .orderBy('profiles.subscribers_count', 'desc')
      .orderBy('profiles.tracks_count', 'desc')
      .orderBy('profiles.id')
      .limit(limit)
      .execute();
  }
}
