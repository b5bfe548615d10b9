import type { ReleaseRepository } from '../repositories/release.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import { mediaUrl } from './track.mapper.js';
import type { PlaylistService } from './playlist.service.js';
import type { ProfileService } from './profile.service.js';
import { canSeeTrack, secretMatches } from '../lib/actor.js';
import { toTrackFor } from './track.mapper.js';

/** What a link preview shows: Open Graph and Twitter card fields, URLs relative to the site. */
export interface ShareMeta {
  title: string;
  description: string;
  /** The page's own path. */
  path: string;
  type: 'music.song' | 'music.playlist' | 'music.album' | 'profile' | 'website';
  image: string | null;
  audio?: { url: string; type: string };
  /** Whether the page has an embed player: its head then names the oEmbed answer (discovery). */
  embeddable?: boolean;
}

export interface ShareServiceDeps {
  tracks: Pick<TrackRowsRepository, 'getById'>;
  profiles: ProfileService;
  playlists: PlaylistService;
  releases?: ReleaseRepository;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Link previews of share links (/track/:id, /artist/:id, /playlist/:id) for chat apps and social sites. */
export class ShareService {
  constructor(private readonly deps: ShareServiceDeps) {}

  /** A public track, or an unlisted one opened with its secret (`secret`); private and hidden ones are unknown. */
  async forTrack(id: string, secret?: string): Promise<ShareMeta | undefined> {
    const row = await this.deps.tracks.getById(id);
    if (!row || !canSeeTrack(row, undefined, secret)) return undefined;
    const track = toTrackFor(row, { owner: false, secret });
    const artist = await this.deps.profiles.get(track.artistId).catch(() => undefined);
    return {
      title: `${track.title} – ${track.artist}`,
      description: `Listen to ${track.title} by ${track.artist} (${track.genre}) on Platter.`,
      path: `/track/${encodeURIComponent(id)}${row.hidden && secret ? `?s=${encodeURIComponent(secret)}` : ''}`,
      type: 'music.song',
      image: track.image ?? artist?.photoURL ?? null,
      audio: { url: track.url, type: row.content_type },
      embeddable: true,
    };
  }

  async forArtist(id: string): Promise<ShareMeta | undefined> {
    const profile = await this.deps.profiles.get(id).catch(() => undefined);
    if (!profile) return undefined;
    const tracks = plural(profile.tracks, 'track', 'tracks');
    return {
      title: `${profile.displayName} on Platter`,
      description: profile.bio.trim() || `${profile.displayName}: ${tracks} and ${profile.subscribers} subscribers on Platter.`,
      path: `/artist/${encodeURIComponent(id)}`,
      type: 'profile',
      image: profile.photoURL ?? profile.coverURL,
    };
  }

  /**
   * A release's title, type, artist, size and cover: a public release with a visible track, or an
   * unlisted one opened with its secret link.
   */
  async forRelease(id: string, secret?: string): Promise<ShareMeta | undefined> {
    const row = await this.deps.releases?.getById(id);
    if (!row || row.artist_suspended_at) return undefined;
    const viaSecret = row.visibility === 'unlisted' && secretMatches(row, secret);
    if (!viaSecret && (row.visibility !== 'public' || Number(row.track_count) === 0)) return undefined;
    const kind = row.type === 'ep' ? 'EP' : row.type === 'single' ? 'Single' : 'Album';
    const minutes = Math.round(Number(row.duration_seconds) / 60);
    return {
      title: `${row.title} – ${row.artist_name}`,
      description: row.description.trim() || `${kind} by ${row.artist_name} on Platter (${row.release_date.slice(0, 4)}): ${plural(Number(row.track_count), 'track', 'tracks')}${minutes > 0 ? `, ${minutes} min` : ''}.`,
      path: `/release/${encodeURIComponent(id)}${viaSecret && secret ? `?s=${encodeURIComponent(secret)}` : ''}`,
      type: 'music.album',
      image: row.image_key ? mediaUrl(row.image_key) : null,
      // The release embed (/embed/release/:id); the oEmbed answer decides who may see it.
      embeddable: true,
    };
  }

  /**
   * A public playlist (a private one is as unknown as a missing one): its name, owner, size and
   * length (its counters: the header of its first page, however long it is) and its own cover,
   * else the first cover of its mosaic.
   */
  async forPlaylist(id: string): Promise<ShareMeta | undefined> {
    const playlist = await this.deps.playlists.get(undefined, id, { page: 1, pageSize: 1 }).catch(() => undefined);
    if (!playlist) return undefined;
    const minutes = Math.round(playlist.durationSeconds / 60);
    const length = playlist.trackCount === 0 ? 'no tracks yet' : `${plural(playlist.trackCount, 'track', 'tracks')}${minutes > 0 ? `, ${minutes} min` : ''}`;
    return {
      title: playlist.name,
      description: `Playlist by ${playlist.ownerName} on Platter: ${length}.`,
      path: `/playlist/${encodeURIComponent(id)}`,
      type: 'music.playlist',
      image: playlist.image ?? playlist.covers?.[0] ?? null,
    };
  }
}

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** index.html with the page's title and preview meta tags in its head (absolute URLs from `origin`). */
export function renderShareHtml(indexHtml: string, meta: ShareMeta, origin: string): string {
  const absolute = (url: string) => new URL(url, origin).href;
  const tags: Array<[string, string, string]> = [
    ['property', 'og:site_name', 'Platter'],
    ['property', 'og:type', meta.type],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', absolute(meta.path)],
    ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
  if (meta.image) tags.push(['property', 'og:image', absolute(meta.image)], ['name', 'twitter:image', absolute(meta.image)]);
  if (meta.audio) tags.push(['property', 'og:audio', absolute(meta.audio.url)], ['property', 'og:audio:type', meta.audio.type]);
  const head = [
    `<title>${escapeHtml(meta.title)} · Platter</title>`,
    `<link rel="canonical" href="${escapeHtml(absolute(meta.path))}" />`,
    ...tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`),
    // oEmbed discovery (https://oembed.com, section 4): consumers find the embed from the page's address.
    ...(meta.embeddable
      ? [`<link rel="alternate" type="application/json+oembed" href="${escapeHtml(`${new URL('/api/oembed', origin).href}?url=${encodeURIComponent(absolute(meta.path))}&format=json`)}" title="${escapeHtml(meta.title)}" />`]
      : []),
  ].join('\n    ');
  // Replacer functions, not strings: a title's `$&`, `$'` or `` $` `` would otherwise be read as
  // replacement patterns and copy parts of the page into itself.
  const description = `<meta name="description" content="${escapeHtml(meta.description)}" />`;
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => '')
    .replace(/<meta name="description"[^>]*>/, () => description)
    .replace('</head>', () => `  ${head}\n  </head>`);
}
