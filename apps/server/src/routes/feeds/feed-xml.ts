import { XMLBuilder } from 'fast-xml-parser';
import { podcastGuid, uuidV5 } from '../../lib/uuid-v5.js';
import type { Feed, FeedItem } from '../../services/feed.service.js';

/** The namespaces of an RSS feed for podcast apps. */
export const ITUNES_NS = 'http://www.itunes.com/dtds/podcast-1.0.dtd';
export const PODCAST_NS = 'https://podcastindex.org/namespace/1.0';
export const ATOM_NS = 'http://www.w3.org/2005/Atom';

/** RFC 9562's URL namespace: an item's guid and Atom id are the UUIDv5 of `platter:track:<id>` in it. */
const URL_NAMESPACE = '6ba7b811-9dad-11d1-80b4-00c04fd430c8';

/** The channel's image when the artist or release has none: the app's icon (the web build's), since podcast apps require one. */
export const FALLBACK_FEED_IMAGE = '/icons/icon-512.png';

/** Where one feed is, in both formats (absolute). */
export interface FeedAddresses {
  origin: string;
  rss: string;
  atom: string;
}

/**
 * A track's guid (RSS) and id (Atom): the same wherever the track is listed (its artist's feed, its
 * release's) and whatever the site's address, so an app never sees one track as two episodes.
 */
export const trackGuid = (trackId: string): string => `urn:uuid:${uuidV5(`platter:track:${trackId}`, URL_NAMESPACE)}`;

// XML 1.0 allows neither C0 controls other than tab, newline and return, nor U+FFFE/U+FFFF, nor a
// lone surrogate: a title holding one would make the whole feed unreadable to a parser.
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Every string of a tree with the characters XML cannot hold taken out (the builder escapes the rest: & < > " '). */
function xmlSafe(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(NOT_XML, '');
  if (Array.isArray(value)) return value.map(xmlSafe);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, xmlSafe(inner)]));
  return value;
}

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', textNodeName: '#text', format: true, suppressEmptyNode: true, processEntities: true });
const build = (tree: Record<string, unknown>): string => builder.build({ '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' }, ...(xmlSafe(tree) as Record<string, unknown>) }) as string;

/** RFC 822 dates (RSS 2.0): `Sat, 28 Nov 2026 04:14:08 GMT`. */
const rfc822 = (iso: string): string => new Date(iso).toUTCString();

/**
 * RSS 2.0 with the iTunes and podcast namespaces (https://podcastindex.org/namespace/1.0): what
 * feed readers and podcast apps subscribe to. Each track is an item whose enclosure is the file
 * /media serves, with its exact length and type.
 */
export function renderRss(feed: Feed, at: FeedAddresses): string {
  const absolute = (path: string) => new URL(path, at.origin).href;
  const page = absolute(feed.path);
  const image = absolute(feed.image ?? FALLBACK_FEED_IMAGE);
  const item = (entry: FeedItem) => ({
    title: entry.title,
    link: absolute(entry.path),
    description: entry.description,
    guid: { '@_isPermaLink': 'false', '#text': trackGuid(entry.trackId) },
    pubDate: rfc822(entry.published),
    enclosure: { '@_url': absolute(entry.audio.url), '@_length': String(entry.audio.size), '@_type': entry.audio.contentType },
    category: [entry.genre, ...entry.tags],
    'itunes:title': entry.title,
    'itunes:author': entry.artist,
    ...(entry.duration !== null ? { 'itunes:duration': String(Math.max(0, Math.round(entry.duration))) } : {}),
    ...(entry.image ? { 'itunes:image': { '@_href': absolute(entry.image) } } : {}),
    ...(entry.episode !== undefined ? { 'itunes:episode': String(entry.episode) } : {}),
    'itunes:episodeType': 'full',
    'itunes:explicit': 'false',
  });
  return build({
    rss: {
      '@_version': '2.0',
      '@_xmlns:itunes': ITUNES_NS,
      '@_xmlns:podcast': PODCAST_NS,
      '@_xmlns:atom': ATOM_NS,
      channel: {
        title: feed.title,
        link: page,
        description: feed.description,
        language: feed.language,
        generator: 'Platter',
        lastBuildDate: rfc822(feed.updated),
        'atom:link': { '@_href': at.rss, '@_rel': 'self', '@_type': 'application/rss+xml' },
        image: { url: image, title: feed.title, link: page },
        'itunes:author': feed.author,
        'itunes:summary': feed.description,
        'itunes:image': { '@_href': image },
        'itunes:category': { '@_text': 'Music' },
        // Platter has no explicit-content flag; the tag is required by Apple's directory.
        'itunes:explicit': 'false',
        'itunes:type': feed.serial ? 'serial' : 'episodic',
        'podcast:guid': podcastGuid(at.rss),
        'podcast:locked': 'no',
        'podcast:medium': 'music',
        item: feed.items.map(item),
      },
    },
  });
}

/** Atom 1.0 (RFC 4287) with the same entries: each track's file is its `enclosure` link, with length and type. */
export function renderAtom(feed: Feed, at: FeedAddresses): string {
  const absolute = (path: string) => new URL(path, at.origin).href;
  const entry = (item: FeedItem) => ({
    id: trackGuid(item.trackId),
    title: item.title,
    updated: item.published,
    published: item.published,
    link: [
      { '@_rel': 'alternate', '@_type': 'text/html', '@_href': absolute(item.path) },
      { '@_rel': 'enclosure', '@_type': item.audio.contentType, '@_length': String(item.audio.size), '@_href': absolute(item.audio.url) },
    ],
    author: { name: item.artist, uri: absolute(feed.authorPath) },
    summary: item.description,
    category: [item.genre, ...item.tags].map((term) => ({ '@_term': term })),
  });
  return build({
    feed: {
      '@_xmlns': ATOM_NS,
      '@_xml:lang': feed.language,
      id: `urn:uuid:${podcastGuid(at.atom)}`,
      title: feed.title,
      subtitle: feed.description,
      updated: feed.updated,
      link: [
        { '@_rel': 'self', '@_type': 'application/atom+xml', '@_href': at.atom },
        { '@_rel': 'alternate', '@_type': 'text/html', '@_href': absolute(feed.path) },
        { '@_rel': 'alternate', '@_type': 'application/rss+xml', '@_href': at.rss },
      ],
      author: { name: feed.author, uri: absolute(feed.authorPath) },
      generator: 'Platter',
      ...(feed.image ? { logo: absolute(feed.image) } : {}),
      entry: feed.items.map(entry),
    },
  });
}
