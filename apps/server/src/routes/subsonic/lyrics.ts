import type { TrackWithArtist } from '../../repositories/track-query.js';
import type { SubsonicUser } from '../../services/subsonic-credential.service.js';
import type { SubsonicDeps, SubsonicLibrary } from './library.js';
import type { Handlers } from './params.js';
import type { SubsonicObject } from './response.js';

/** How many of the caller's own tracks (newest first) getLyrics looks through by title. */
const OWN_TRACKS_SEARCHED = 2000;

/** Lyrics of a track for getLyrics / getLyricsBySongId (OpenSubsonic songLyrics). */
export interface TrackLyrics {
  lang: string;
  synced: boolean;
  lines: Array<{ start?: number; value: string }>;
}

/** Lyrics: a song's lyrics (structured, synced when they are), or the plain lyrics of an artist and title. */
export class SubsonicLyrics {
  constructor(
    private readonly deps: Pick<SubsonicDeps, 'tracks' | 'lyrics'>,
    private readonly library: SubsonicLibrary,
  ) {}

  /**
   * A track's lyrics in Subsonic's shape, or null. The listener's right to see the track was
   * checked before (SubsonicLibrary.track, or a search of visible tracks).
   */
  private async lyricsFor(trackId: string): Promise<TrackLyrics | null> {
    const found = await this.deps.lyrics.forCheckedTrack(trackId);
    if (!found) return null;
    return { lang: found.lang ?? 'und', synced: found.kind === 'synced', lines: found.lines.map((l) => ({ start: l.startMs, value: l.text })) };
  }

  /** getLyricsBySongId: the track's lyrics as OpenSubsonic structuredLyrics (an empty list when it has none). */
  async lyricsBySongId(user: SubsonicUser, id: string): Promise<SubsonicObject[]> {
    const row = await this.library.track(user, id);
    const lyrics = await this.lyricsFor(row.id);
    if (!lyrics) return [];
    return [{ displayArtist: row.artist_name, displayTitle: row.title, lang: lyrics.lang, synced: lyrics.synced, line: lyrics.lines.map((l) => ({ start: l.start, value: l.value })) }];
  }

  /**
   * getLyrics (artist + title): the plain lyrics of the first match the caller can see with
   * lyrics: their own tracks first (private and unlisted ones too, which a search of the catalogue
   * leaves out), then everyone's public ones; empty text when none has lyrics (the schema
   * requires `value`, as Navidrome answers).
   */
  async lyrics(user: SubsonicUser, artist: string | undefined, title: string | undefined): Promise<SubsonicObject> {
    if (!title) return { value: '' };
    const same = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();
    const matches = (r: TrackWithArtist) => same(r.title, title) && (!artist || same(r.artist_name, artist));
    const own = (await this.deps.tracks.listByArtist(user.id, true, OWN_TRACKS_SEARCHED)).filter(matches);
    const found = (await this.deps.tracks.search({ search: title.toLowerCase() }, 0, 20)).rows.filter(matches);
    for (const row of [...own, ...found]) {
      const lyrics = await this.lyricsFor(row.id);
      if (lyrics) return { artist: row.artist_name, title: row.title, value: lyrics.lines.map((l) => l.value).join('\n') };
    }
    return { value: '' };
  }
}

export function lyricsHandlers(lyrics: SubsonicLyrics): Handlers {
  return {
    // No match: an empty text (OpenSubsonic's Lyrics requires value).
    getLyrics: async (user, p) => ({ lyrics: { value: '', ...(await lyrics.lyrics(user, p.get('artist'), p.get('title'))) } }),
    getLyricsBySongId: async (user, p) => ({ lyricsList: { structuredLyrics: await lyrics.lyricsBySongId(user, p.required('id')) } }),
  };
}
