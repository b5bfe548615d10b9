import type { Kysely } from 'kysely';
import { type Dialect, type DialectName, dialectOf } from '../db/dialect.js';
import type { Database } from '../db/schema.js';
import { type TrackWithArtist, idIn, trackBase, visibleByIds } from './track-query.js';

/** Renditions are stored under this prefix, so a media key says which column names it. */
export const RENDITIONS_PREFIX = 'renditions/';

/** Tracks read by id or key, one or many: what most services need of a track. */
export class TrackRowsRepository {
  private readonly dialect: Dialect;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: DialectName,
  ) {
    this.dialect = dialectOf(dialect);
  }

  /** A track with its waveform peaks. */
  async getById(id: string): Promise<TrackWithArtist | undefined> {
    return trackBase(this.db).select('tracks.waveform').where('tracks.id', '=', id).executeTakeFirst();
  }

  /** The track a media key belongs to: its original or one of its renditions. */
  async getByStorageKey(key: string): Promise<TrackWithArtist | undefined> {
    const byKey = (column: 'tracks.storage_key' | 'tracks.high_key' | 'tracks.saver_key') => trackBase(this.db).where(column, '=', key).executeTakeFirst();
    if (!key.startsWith(RENDITIONS_PREFIX)) return byKey('tracks.storage_key');
    return (await byKey('tracks.high_key')) ?? byKey('tracks.saver_key');
  }

  /** Visible tracks by id, in no particular order (callers order them). */
  async getManyVisible(ids: string[]): Promise<TrackWithArtist[]> {
    return visibleByIds(this.db, this.dialect, ids);
  }

  /** Tracks by id, hidden ones included (for the owner's dashboard and the admins' queue). */
  async getMany(ids: string[]): Promise<TrackWithArtist[]> {
    if (ids.length === 0) return [];
    return trackBase(this.db).where(idIn(this.dialect, ids)).execute();
  }

  /** An artist's tracks, newest first; hidden ones only when asked (for the owner's studio). */
  async listByArtist(artistId: string, includeHidden: boolean, limit: number): Promise<TrackWithArtist[]> {
    let query = trackBase(this.db).where('tracks.artist_id', '=', artistId);
    if (!includeHidden) query = query.where('tracks.hidden', '=', 0);
    return query.orderBy('tracks.created_at', 'desc').orderBy('tracks.id', 'desc').limit(limit).execute();
  }

  /** Which of these tracks have no cover. */
  async withoutImage(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('tracks').select('id').where('id', 'in', ids).where('image_key', 'is', null).execute();
    return rows.map((r) => r.id);
  }

  async existingIds(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('tracks').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  }
}
