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
  /** Whether the page has RSS and Atom feeds (`<path>/feed.rss`, `.atom`): its head then names them (autodiscovery). */
  feeds?: boolean;
  /** What the page's first frame shows before the web app has run (renderPageFrame): the same public facts. */
  frame?: PageFrame;
}

/** A public page's first frame: its title, its artist and its pictures, laid out like the page (apps/web/scripts/prerender-home.mjs). */
export type PageFrame =
  | { page: 'track'; title: string; artist: string; image: string | null }
  | { page: 'release'; title: string; artist: string; image: string | null }
  | { page: 'artist'; name: string; cover: string | null; photo: string | null }
  /** A playlist: its own cover, else its first tracks' covers (a mosaic of four, as the app shows it). */
  | { page: 'playlist'; name: string; owner: string; image: string | null; covers: string[] };

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
      frame: { page: 'track', title: track.title, artist: track.artist, image: track.image ?? null },
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
      feeds: true,
      frame: { page: 'artist', name: profile.displayName, cover: profile.coverURL ?? null, photo: profile.photoURL ?? null },
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
      // A public release's feeds; an unlisted one opened by its secret has none.
      feeds: !viaSecret,
      frame: { page: 'release', title: row.title, artist: row.artist_name, image: row.image_key ? mediaUrl(row.image_key) : null },
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
      frame: { page: 'playlist', name: playlist.name, owner: playlist.ownerName, image: playlist.image ?? null, covers: (playlist.covers ?? []).filter((cover): cover is string => !!cover) },
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
    // Feed autodiscovery (RSS Advisory Board's RSS Autodiscovery; Atom's rel=alternate), as readers and podcast apps look for it.
    ...(meta.feeds
      ? [
          `<link rel="alternate" type="application/rss+xml" href="${escapeHtml(absolute(`${meta.path}/feed.rss`))}" title="${escapeHtml(meta.title)} (RSS)" />`,
          `<link rel="alternate" type="application/atom+xml" href="${escapeHtml(absolute(`${meta.path}/feed.atom`))}" title="${escapeHtml(meta.title)} (Atom)" />`,
        ]
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

const PLACEHOLDER_IMAGE =
  'data:image/svg+xml;charset=utf-8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#1b1b23"/>' +
      '<circle cx="32" cy="32" r="16" fill="none" stroke="#3a3a48" stroke-width="3"/>' +
      '<circle cx="32" cy="32" r="4" fill="#3a3a48"/></svg>',
  );

/**
 * A public page's first frame (page-track.html, page-artist.html, page-release.html, page-playlist.html of the web
 * build, whose shell holds `<!--platter-frame-->`): the page's heading and pictures in the page's
 * own classes, so the visitor sees the page before the app's modules have loaded; the app removes
 * the layer once it has rendered under it. The picture the frame shows first (the largest paint)
 * is preloaded from the head. Only what the preview tags already say: public facts, escaped.
 */
export function renderPageFrame(pageHtml: string, frame: PageFrame): string {
  const image = (src: string, className: string) => `<img class="image image--loaded ${className}" src="${escapeHtml(src)}" alt="" fetchpriority="high" />`;
  // No picture: the app's own placeholder (apps/web/src/components/image.tsx), so the frame's largest paint is the page's.
  const placeholder = (className: string) => `<img class="image image--fallback ${className}" src="${PLACEHOLDER_IMAGE}" alt="" />`;
  let main: string;
  let preload: string | null;
  if (frame.page === 'artist') {
    const initial = escapeHtml(frame.name.charAt(0).toUpperCase());
    main =
      `<article class="artist"><header class="artist-header"><div class="artist-header__cover">${frame.cover ? image(frame.cover, '') : ''}</div>` +
      `<div class="artist-header__body">${frame.photo ? image(frame.photo, 'artist-header__avatar') : `<span class="artist-header__avatar artist-header__avatar--initial">${initial}</span>`}` +
      `<div class="artist-header__identity"><h1 class="artist-header__name">${escapeHtml(frame.name)}</h1></div></div></header></article>`;
    preload = frame.cover ?? frame.photo;
  } else if (frame.page === 'playlist') {
    // As PlaylistCover (apps/web/src/features/playlists/components/playlist-cover.tsx) draws it.
    const tiles = frame.covers.slice(0, 4);
    const single = frame.image ?? tiles[0];
    const cover =
      frame.image || tiles.length < 4
        ? `<span class="playlist-cover playlist-cover--large">${single ? image(single, 'playlist-cover__image') : placeholder('playlist-cover__image')}</span>`
        : `<span class="playlist-cover playlist-cover--large playlist-cover--mosaic">${tiles.map((tile) => image(tile, 'playlist-cover__image')).join('')}</span>`;
    // The frame (page-playlist.html) holds the tab's title and the playlist view's back link around it.
    main =
      `<header class="playlist-details__head">${cover}` +
      `<div class="playlist-details__info"><h2 class="playlist-details__name">${escapeHtml(frame.name)}</h2><p class="playlist-details__meta">${escapeHtml(frame.owner)}</p></div></header>`;
    preload = single ?? null;
  } else {
    const block = frame.page === 'track' ? 'track-page' : 'release-page';
    const header =
      `<header class="${block}__header">` +
      (frame.image ? image(frame.image, `${block}__cover`) : placeholder(`${block}__cover`)) +
      `<div class="${block}__identity"><h1 class="${block}__title">${escapeHtml(frame.title)}</h1><span class="${block}__artist">${escapeHtml(frame.artist)}</span></div>` +
      `</header>`;
    // The track page's header sits in a column of its own (beside the comments on wide screens).
    main = frame.page === 'track' ? `<article class="${block}"><div class="${block}__main">${header}</div></article>` : `<article class="${block}">${header}</article>`;
    preload = frame.image;
  }
  const head = preload ? `<link rel="preload" as="image" href="${escapeHtml(preload)}" fetchpriority="high" />\n  ` : '';
  // Replacer functions: a title's `$&` is text, not a replacement pattern.
  return pageHtml.replaceAll('<!--platter-frame-->', () => main).replace('</head>', () => `${head}</head>`);
}
