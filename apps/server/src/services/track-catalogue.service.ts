import type { GenreCounts, TrackList, TrackListQuery } from '@platter/shared';
import { GENRES, tagSchema } from '@platter/shared';
import { BadRequestError } from '../lib/errors.js';
import { type ListTotal, type PageAnchor, SEARCH_TOTAL_CAP, type TrackCatalogueRepository } from '../repositories/track-catalogue.repository.js';
import type { TrackFilter, TrackWithArtist } from '../repositories/track-query.js';
import { toTrack } from './track.mapper.js';

export interface TrackCatalogueServiceDeps {
  tracks: Pick<TrackCatalogueRepository, 'list' | 'search' | 'countUpTo' | 'countByGenre' | 'visibleCountOfArtist' | 'countTagUpTo' | 'byTag'>;
}

/** A page anchor as the API gives it: `position~created_at~id`. */
const anchorOf = (row: TrackWithArtist, position: number) => `${position}~${row.created_at}~${row.id}`;

/** The API's anchor (its shape already checked by trackListQuerySchema). */
function parseAnchor(text: string): PageAnchor {
  const [position, createdAt, id] = text.split('~') as [string, string, string];
  return { position: Number(position), createdAt, id };
}

/** The catalogue's lists of visible tracks: a page of the newest (by genre, artist or search), a tag's page, the genre counts. */
export class TrackCatalogueService {
  constructor(private readonly deps: TrackCatalogueServiceDeps) {}

  /**
   * One page of a list. Its total comes from counters (a genre's or all visible tracks; an
   * artist's), or, for a search, is counted up to SEARCH_TOTAL_CAP; so is the total of a filter no
   * counter keeps (an artist's tracks of one genre).
   */
  async list(query: TrackListQuery): Promise<TrackList> {
    const filter: TrackFilter = {
      genre: query.genre && query.genre !== 'All' ? query.genre : undefined,
      search: query.q ? query.q.toLowerCase() : undefined,
      artistId: query.artistId,
    };
    const offset = (query.page - 1) * query.pageSize;
    const unsearched = await this.countedTotal(filter);
    let rows: TrackWithArtist[];
    let total: ListTotal;
    if (filter.search) {
      const found = await this.deps.tracks.search(filter as TrackFilter & { search: string }, offset, query.pageSize, { total: unsearched?.total });
      rows = found.rows;
      total = found;
    } else {
      total = unsearched ?? (await this.deps.tracks.countUpTo(filter, SEARCH_TOTAL_CAP));
      rows = await this.deps.tracks.list(filter, offset, query.pageSize, {
        anchor: query.anchor ? parseAnchor(query.anchor) : undefined,
        total: total.capped ? undefined : total.total,
      });
    }
    const last = rows.at(-1);
    return {
      items: rows.map(toTrack),
      total: total.total,
      totalCapped: total.capped,
      page: query.page,
      pageSize: query.pageSize,
      anchors: rows[0] && last ? { first: anchorOf(rows[0], offset), last: anchorOf(last, offset + rows.length - 1) } : null,
    };
  }

  /** The visible tracks of a filter's genre or artist (ignoring its search) from a counter, when one keeps it. */
  private async countedTotal(filter: TrackFilter): Promise<ListTotal | undefined> {
    if (filter.artistId && filter.genre) return undefined;
    if (filter.artistId) {
      const count = await this.deps.tracks.visibleCountOfArtist(filter.artistId);
      return { total: count, capped: false };
    }
    const counts = await this.deps.tracks.countByGenre();
    const total = counts.filter((c) => !filter.genre || c.genre === filter.genre).reduce((sum, c) => sum + c.count, 0);
    return { total, capped: false };
  }

  /** A tag's visible tracks, newest first, one page (the total counted up to SEARCH_TOTAL_CAP from the tag index). */
  async listByTag(rawTag: string, page: number, pageSize: number): Promise<TrackList> {
    const parsed = tagSchema.safeParse(rawTag);
    if (!parsed.success) throw new BadRequestError(parsed.error.issues[0]?.message ?? 'Not a tag', 'invalid_tag');
    const tag = parsed.data;
    const total = await this.deps.tracks.countTagUpTo(tag, SEARCH_TOTAL_CAP);
    const rows = await this.deps.tracks.byTag(tag).offset((page - 1) * pageSize).limit(pageSize).execute();
    return { items: rows.map(toTrack), total: total.total, totalCapped: total.capped, page, pageSize, anchors: null };
  }

  async genreCounts(): Promise<GenreCounts> {
    const counts = new Map((await this.deps.tracks.countByGenre()).map((r) => [r.genre, r.count]));
    const genres = GENRES.map((genre) => ({ genre, count: counts.get(genre) ?? 0 }));
    return { total: genres.reduce((sum, g) => sum + g.count, 0), genres };
  }
}
