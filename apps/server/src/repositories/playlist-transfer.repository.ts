import { type Kysely, sql } from 'kysely';
import { type Dialect, type DialectName, dialectOf } from '../db/dialect.js';
import type { Database } from '../db/schema.js';

/** A listed track as a playlist file names it. */
export interface TransferTrack {
  id: string;
  title: string;
  duration: number | null;
  image_key: string | null;
  artist_name: string | null;
  release_title: string | null;
  artist_id: string;
  storage_key: string;
  hidden: number;
  visibility: string;
  secret: string | null;
  moderated: number;
  suspended: number;
}

/** Reads for playlist export and import as M3U8/XSPF files. */
export class PlaylistTransferRepository {
  private readonly dialect: Dialect;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.dialect = dialectOf(dialect);
  }

  /** The title lower-cased as the database's lower() does it, the key byTitles looks up (tracks_title_lower_idx). */
  titleKey(title: string): string {
    return this.dialect.lower(title);
  }

  private allTracks() {
    return this.db
      .selectFrom('tracks as t')
      .leftJoin('profiles as a', 'a.id', 't.artist_id')
      .leftJoin('releases as r', 'r.id', 't.release_id')
      .select(['t.id', 't.title', 't.duration', 't.image_key', 'a.display_name as artist_name', 'r.title as release_title', 't.artist_id', 't.storage_key', 't.hidden', 't.visibility', 't.secret', 't.moderated', 't.suspended']);
  }

  private tracks() {
    return this.allTracks().where(sql<boolean>`t.hidden = 0`);
  }

  /**
   * A playlist's listed tracks in order (hidden ones left out, as the playlist page leaves them),
   * and the viewer's own hidden ones (an owner's unlisted track plays in the file by its secret).
   */
  async playlistTracks(playlistId: string, viewerId?: string): Promise<TransferTrack[]> {
    return this.allTracks()
      .where((eb) => (viewerId ? eb.or([eb('t.hidden', '=', 0), eb('t.artist_id', '=', viewerId)]) : eb('t.hidden', '=', 0)))
      .innerJoin('playlist_tracks as e', 'e.track_id', 't.id')
      .where('e.playlist_id', '=', playlistId)
      .orderBy('e.position')
      .orderBy('e.added_at')
      .orderBy('e.id')
      .execute();
  }

  async byIds(ids: string[]): Promise<TransferTrack[]> {
    if (ids.length === 0) return [];
    return this.tracks().where('t.id', 'in', ids).execute();
  }

  /** Listed tracks by the storage key of their audio (an exported entry's media URL; the unique index on storage_key). */
  async byStorageKeys(keys: string[]): Promise<TransferTrack[]> {
    if (keys.length === 0) return [];
    return this.tracks().where('t.storage_key', 'in', keys).execute();
  }

  /** Listed tracks whose lower-cased title is one of these keys (titleKey's). */
  async byTitles(lowerTitles: string[]): Promise<Array<TransferTrack & { listens_count: number }>> {
    if (lowerTitles.length === 0) return [];
    return this.tracks()
      .select('t.listens_count')
      .where(sql<string>`lower(t.title)`, 'in', lowerTitles)
      .execute();
  }
}
