import type { ProfileRow } from '../db/schema.js';
import { NotFoundError } from '../lib/errors.js';
import type { ProfileRepository } from '../repositories/profile.repository.js';
import type { ReleaseRepository } from '../repositories/release.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import { type TrackWithArtist, parseTags } from '../repositories/track-query.js';
import { mediaUrl } from './track.mapper.js';
import type { TrackMediaService } from './track-media.service.js';

/** How many of an artist's newest public tracks their feed lists. */
export const ARTIST_FEED_ITEMS = 100;

/** One public track of a feed: an episode to a podcast app. */
export interface FeedItem {
  trackId: string;
  title: string;
  /** The track's page (relative). */
  path: string;
  description: string;
  /** When it became public, as far as Platter knows (ISO). */
  published: string;
  /** The file a podcast app downloads (relative), its exact size in bytes and its type. */
  audio: { url: string; size: number; contentType: string };
  /** Seconds, when known. */
  duration: number | null;
  image: string | null;
  artist: string;
  genre: string;
  tags: string[];
  /** Its place on the release (1-based), in a release's feed. */
  episode?: number;
}

/** A feed as the formats (RSS 2.0 with the podcast namespaces, Atom 1.0) render it; paths are relative to the site. */
export interface Feed {
  kind: 'artist' | 'release';
  id: string;
  title: string;
  description: string;
  /** The artist's or release's page. */
  path: string;
  author: string;
  /** The artist's page, for podcast:person and the Atom author. */
  authorPath: string;
  image: string | null;
  /** The newest change Platter knows of (ISO): the channel's lastBuildDate and Atom's updated. */
  updated: string;
  /** A release is listened to in order (itunes:type serial, episodes numbered); an artist's feed newest first. */
  serial: boolean;
  /** The feed's language (see feedLanguage); the descriptions Platter writes are in it. */
  language: FeedLanguage;
  items: FeedItem[];
}

export interface FeedServiceDeps {
  profiles: Pick<ProfileRepository, 'getById'>;
  releases: Pick<ReleaseRepository, 'getById' | 'trackIds' | 'getManyPublic'>;
  tracks: Pick<TrackRowsRepository, 'listByArtist' | 'getManyVisible'>;
  media: Pick<TrackMediaService, 'publicAudio'>;
}

export type FeedLanguage = 'en' | 'ru';

/**
 * A feed's language, which Platter is not told: Russian when most letters of the names and texts
 * its people wrote (titles, a bio or a release's description) are Cyrillic, else English, Platter's
 * two languages. Podcast directories file a feed by it; it says nothing of what is sung.
 */
export function feedLanguage(texts: readonly string[]): FeedLanguage {
  const text = texts.join(' ');
  const cyrillic = (text.match(/\p{Script=Cyrillic}/gu) ?? []).length;
  const latin = (text.match(/\p{Script=Latin}/gu) ?? []).length;
  return cyrillic > latin ? 'ru' : 'en';
}

/** The descriptions Platter writes where people wrote none, in the feed's language. */
const WORDS = {
  en: {
    artist: (name: string) => `Tracks by ${name} on Platter.`,
    release: (type: 'album' | 'ep' | 'single', artist: string, year: string) => `${{ album: 'Album', ep: 'EP', single: 'Single' }[type]} by ${artist} on Platter (${year}).`,
    track: (title: string, artist: string, release: string | undefined, genre: string) => `${title} by ${artist}${release ? ` from ${release}` : ''} (${genre}) on Platter.`,
  },
  ru: {
    artist: (name: string) => `Треки: ${name} на Platter.`,
    release: (type: 'album' | 'ep' | 'single', artist: string, year: string) => `${{ album: 'Альбом', ep: 'EP', single: 'Сингл' }[type]}: ${artist} на Platter (${year}).`,
    track: (title: string, artist: string, release: string | undefined, genre: string) => `«${title}»: ${artist}${release ? `, релиз «${release}»` : ''} (${genre}) на Platter.`,
  },
} as const;

const newest = (dates: Array<string | null | undefined>): string => dates.reduce<string>((a, b) => (b && b > a ? b : a), '1970-01-01T00:00:00.000Z');

/**
 * RSS and Atom feeds of an artist and of a release, for feed readers and podcast apps. Only what
 * anyone may hear is in them: public tracks (never unlisted, private, scheduled, moderated or of a
 * suspended artist) of a public release or an artist who is not suspended. A feed address is
 * shared, pasted into directories and fetched by crawlers, so no secret link opens one: a release
 * that is not public has no feed (404), whoever asks.
 */
export class FeedService {
  constructor(private readonly deps: FeedServiceDeps) {}

  async artist(id: string): Promise<Feed> {
    const profile = await this.deps.profiles.getById(id);
    if (!profile || profile.suspended_at) throw new NotFoundError('There is no artist with this id, so no feed.', 'feed_not_found');
    const rows = await this.deps.tracks.listByArtist(id, false, ARTIST_FEED_ITEMS);
    const releases = await this.deps.releases.getManyPublic([...new Set(rows.flatMap((row) => row.release_id ?? []))]);
    const byId = new Map(releases.map((release) => [release.id, release]));
    const language = feedLanguage([profile.display_name, profile.bio, ...rows.map((row) => row.title)]);
    // Only a public release is named: a track made public on its own keeps an unlisted release's title to itself.
    const items = await this.items(rows, language, (row) => {
      const release = row.release_id ? byId.get(row.release_id) : undefined;
      return release && { title: release.title, publishedAt: release.published_at };
    });
    // Newest first by when each became public (a track uploaded early and released later counts from its release).
    items.sort((a, b) => (a.published < b.published ? 1 : a.published > b.published ? -1 : 0));
    return {
      kind: 'artist',
      id,
      title: profile.display_name,
      description: profile.bio.trim() || WORDS[language].artist(profile.display_name),
      path: `/artist/${encodeURIComponent(id)}`,
      author: profile.display_name,
      authorPath: `/artist/${encodeURIComponent(id)}`,
      image: profileImage(profile),
      updated: newest([profile.updated_at, ...items.map((item) => item.published)]),
      serial: false,
      language,
      items,
    };
  }

  async release(id: string): Promise<Feed> {
    const notFound = () => new NotFoundError('This release does not exist, was removed, or is not public, so it has no feed.', 'feed_not_found');
    const row = await this.deps.releases.getById(id);
    if (!row || row.artist_suspended_at || row.visibility !== 'public') throw notFound();
    const ids = await this.deps.releases.trackIds(id);
    const byId = new Map((await this.deps.tracks.getManyVisible(ids)).map((track) => [track.id, track]));
    const rows = ids.flatMap((trackId) => byId.get(trackId) ?? []);
    const language = feedLanguage([row.title, row.artist_name, row.description, ...rows.map((track) => track.title)]);
    const items = await this.items(rows, language, () => ({ title: row.title, publishedAt: row.published_at }));
    if (items.length === 0) throw notFound();
    items.forEach((item, index) => (item.episode = index + 1));
    const artistPath = `/artist/${encodeURIComponent(row.artist_id)}`;
    return {
      kind: 'release',
      id,
      title: row.title,
      description: row.description.trim() || WORDS[language].release(row.type, row.artist_name, row.release_date.slice(0, 4)),
      path: `/release/${encodeURIComponent(id)}`,
      author: row.artist_name,
      authorPath: artistPath,
      image: row.image_key ? mediaUrl(row.image_key) : null,
      updated: newest([row.updated_at, row.published_at, ...items.map((item) => item.published)]),
      serial: true,
      language,
      items,
    };
  }

  /** The rows as items, each with its audio file's exact size; a track whose file is gone is left out. */
  private async items(rows: TrackWithArtist[], language: FeedLanguage, publicRelease: (row: TrackWithArtist) => { title: string; publishedAt: string | null } | undefined): Promise<FeedItem[]> {
    const items: FeedItem[] = [];
    for (const row of rows) {
      const audio = await this.deps.media.publicAudio(row);
      if (!audio) continue;
      const release = publicRelease(row);
      items.push({
        trackId: row.id,
        title: row.title,
        path: `/track/${encodeURIComponent(row.id)}`,
        description: WORDS[language].track(row.title, row.artist_name, release?.title, row.genre),
        published: newest([row.created_at, release?.publishedAt]),
        audio: { url: mediaUrl(audio.key), size: audio.size, contentType: audio.contentType },
        duration: row.duration,
        image: row.image_key ? mediaUrl(row.image_key) : release && row.release_image_key ? mediaUrl(row.release_image_key) : null,
        artist: row.artist_name,
        genre: row.genre,
        tags: parseTags(row.tags),
      });
    }
    return items;
  }
}

function profileImage(profile: ProfileRow): string | null {
  return profile.photo_url ?? profile.cover_url ?? null;
}
