import { EMBED_DEFAULT_HEIGHT, EMBED_DEFAULT_WIDTH, EMBED_RELEASE_HEIGHT, OEMBED_CACHE_AGE, type Oembed, type OembedQuery, type Track, embedIframeHtml } from '@platter/shared';
import { type Actor, canSeeTrack, ownsOrAdmin, secretMatches } from '../lib/actor.js';
import { BadRequestError, DomainError, NotFoundError } from '../lib/errors.js';
import { IMAGE_VARIANTS } from '../media/image.js';
import type { ReleaseRepository } from '../repositories/release.repository.js';
import type { TrackRowsRepository } from '../repositories/track-rows.repository.js';
import { mediaUrl, toTrackFor } from './track.mapper.js';
import type { TrackService } from './track.service.js';
import type { WaveformService } from './waveform.service.js';

/** How many bars the embed's waveform has: the track's peaks (WAVEFORM_BARS) are grouped down to these. */
export const EMBED_BARS = 120;

/** One playable track of an embed. */
export interface EmbedTrack {
  id: string;
  title: string;
  artist: string;
  /** The track's page on Platter (relative). */
  path: string;
  /** The audio to play: the high-quality rendition when there is one, else the original. */
  src: string;
  /** The data-saver rendition, for a browser that asks to save data. */
  saver: string | null;
  duration: number | null;
  /** EMBED_BARS values in 0..1; empty while the waveform is not made. */
  peaks: number[];
}

/**
 * What an embed page shows. A track's embed is `kind: 'track'` with one track; a release's is
 * `kind: 'release'` with its tracks in order: the page renders both the same way, with a track
 * list for a release.
 */
export interface EmbedView {
  kind: 'track' | 'release';
  title: string;
  artist: string;
  /** The item's page on Platter and its artist's (relative paths). */
  path: string;
  artistPath: string;
  /** The cover (relative), if any. */
  image: string | null;
  tracks: EmbedTrack[];
  /** The unlisted link's secret the page was opened with (kept on its links), if it was. */
  secret?: string;
}

export interface EmbedServiceDeps {
  tracks: TrackService;
  waveforms: WaveformService;
  /** For the release embed (/embed/release/:id). */
  releases?: ReleaseRepository;
  trackRows?: Pick<TrackRowsRepository, 'getById' | 'getMany'>;
}

/** The oEmbed spec's 501: the provider does not offer the asked-for format (xml). */
export class FormatNotImplementedError extends DomainError {
  constructor(format: string) {
    super(501, 'format_not_implemented', `oEmbed answers in JSON only, not ${format}. Ask with format=json or leave format out.`);
  }
}

const notEmbeddable = () => new NotFoundError('This address is not a Platter track or release that can be embedded.', 'not_embeddable');
const releaseNotFound = () => new NotFoundError('This release does not exist, was removed, or is not public.', 'release_not_found');

/** `?s=<secret>` for a link, or nothing. */
const secretQuery = (secret: string | undefined): string => (secret ? `?s=${encodeURIComponent(secret)}` : '');

/** The peaks grouped into `bars` bars, each the loudest of its group. */
export function groupPeaks(peaks: readonly number[], bars: number): number[] {
  if (peaks.length <= bars) return peaks.map((p) => Math.round(p * 1000) / 1000);
  const out: number[] = [];
  for (let i = 0; i < bars; i++) {
    const from = Math.floor((i * peaks.length) / bars);
    const to = Math.max(from + 1, Math.floor(((i + 1) * peaks.length) / bars));
    let max = 0;
    for (let j = from; j < to; j++) max = Math.max(max, peaks[j] ?? 0);
    out.push(Math.round(max * 1000) / 1000);
  }
  return out;
}

/** The embed player's pages (/embed/track/:id) and the oEmbed answers that point at them. */
export class EmbedService {
  constructor(private readonly deps: EmbedServiceDeps) {}

  /**
   * A track's embed, as the track API decides who may see it (TrackService.get: a missing track or
   * one the viewer may not see is a 404).
   */
  async track(id: string, viewer: Actor | undefined, secret?: string): Promise<EmbedView> {
    const track = await this.deps.tracks.get(id, viewer, secret);
    const waveform = track.waveform === 'ready' ? await this.deps.waveforms.get(id, viewer, secret) : undefined;
    // The secret stays on the links only when it is what opened the track (not for its owner).
    const kept = secret && track.secret === secret ? secret : undefined;
    return {
      kind: 'track',
      title: track.title,
      artist: track.artist,
      path: `/track/${encodeURIComponent(track.id)}${secretQuery(kept)}`,
      artistPath: `/artist/${encodeURIComponent(track.artistId)}`,
      image: track.image,
      tracks: [embedTrack(track, waveform?.peaks ?? [], kept)],
      ...(kept ? { secret: kept } : {}),
    };
  }

  /**
   * A release's embed: a public release to anyone; an unlisted one to whoever gives its secret
   * (which then opens its unlisted tracks too: their audio URLs carry each track's own secret); a
   * private one to its artist and admins only. Its tracks in order, those the viewer may hear; a
   * release with none is a 404 as a missing one.
   */
  async release(id: string, viewer: Actor | undefined, secret?: string): Promise<EmbedView> {
    const { releases, trackRows } = this.deps;
    if (!releases || !trackRows) throw releaseNotFound();
    const row = await releases.getById(id);
    if (!row) throw releaseNotFound();
    const owner = viewer !== undefined && ownsOrAdmin(viewer, row.artist_id);
    const bySecret = !owner && row.visibility === 'unlisted' && secretMatches(row, secret);
    if (!owner && !bySecret && row.visibility !== 'public') throw releaseNotFound();
    const ids = await releases.trackIds(id);
    const byId = new Map((await trackRows.getMany(ids)).map((t) => [t.id, t]));
    const rows = ids.flatMap((trackId) => byId.get(trackId) ?? []);
    const shown = rows.flatMap((t): Array<{ track: Track; secret?: string }> => {
      if (canSeeTrack(t, viewer)) return [{ track: toTrackFor(t, { owner }) }];
      // The release's secret opens its unlisted tracks (never a private or moderated one).
      if (bySecret && !t.moderated && !t.suspended && t.visibility === 'unlisted' && t.secret) return [{ track: toTrackFor(t, { owner: false, secret: t.secret }), secret: t.secret }];
      return [];
    });
    // Each track's peaks (lists leave them out): one read per track, a release has at most RELEASE_MAX_TRACKS.
    const tracks: EmbedTrack[] = [];
    for (const { track, secret: trackSecret } of shown) {
      const withPeaks = track.waveform === 'ready' ? await trackRows.getById(track.id) : undefined;
      tracks.push(embedTrack(track, peaksOf(withPeaks?.waveform_status ?? 'pending', withPeaks?.waveform ?? null), trackSecret));
    }
    if (tracks.length === 0) throw releaseNotFound();
    const kept = bySecret ? secret : undefined;
    return {
      kind: 'release',
      title: row.title,
      artist: row.artist_name,
      path: `/release/${encodeURIComponent(row.id)}${secretQuery(kept)}`,
      artistPath: `/artist/${encodeURIComponent(row.artist_id)}`,
      image: row.image_key ? mediaUrl(row.image_key) : null,
      tracks,
      ...(kept ? { secret: kept } : {}),
    };
  }

  /**
   * GET /api/oembed: the rich type with the embed's iframe, for a track page or embed address on
   * this Platter (`origin`). What an anonymous visitor may not see is as unknown as a missing track.
   */
  async oembed(query: OembedQuery, origin: string): Promise<Oembed> {
    if (query.format !== undefined && query.format !== 'json') throw new FormatNotImplementedError(query.format);
    const target = embedTargetOf(query.url, origin);
    if (!target) throw notEmbeddable();
    let view: EmbedView;
    try {
      view = target.kind === 'release' ? await this.release(target.id, undefined, target.secret) : await this.track(target.id, undefined, target.secret);
    } catch (error) {
      if (error instanceof NotFoundError) throw notEmbeddable();
      throw error;
    }
    const defaultHeight = target.kind === 'release' ? EMBED_RELEASE_HEIGHT : EMBED_DEFAULT_HEIGHT;
    const width = Math.min(EMBED_DEFAULT_WIDTH, query.maxwidth ?? EMBED_DEFAULT_WIDTH);
    const height = Math.min(defaultHeight, query.maxheight ?? defaultHeight);
    // An unlisted item's iframe carries the secret it was asked with (what opened it above).
    const src = `${origin}/embed/${target.kind}/${encodeURIComponent(target.id)}${secretQuery(view.secret)}`;
    const title = `${view.title} by ${view.artist}`;
    const answer: Oembed = {
      version: '1.0',
      type: 'rich',
      html: embedIframeHtml(src, width, height, title),
      width,
      height,
      title: view.title,
      author_name: view.artist,
      author_url: `${origin}${view.artistPath}`,
      provider_name: 'Platter',
      provider_url: `${origin}/`,
      cache_age: OEMBED_CACHE_AGE,
    };
    // A thumbnail must respect maxwidth and maxheight too (oEmbed 2.3.4): covers are one size.
    const thumb = IMAGE_VARIANTS.track;
    if (view.image && thumb.width <= (query.maxwidth ?? Infinity) && thumb.height <= (query.maxheight ?? Infinity)) {
      Object.assign(answer, { thumbnail_url: `${origin}${view.image}`, thumbnail_width: thumb.width, thumbnail_height: thumb.height });
    }
    return answer;
  }
}

/** A track's peaks as stored (JSON), once made. */
function peaksOf(status: string, waveform: string | null): number[] {
  if (status !== 'ready' || !waveform) return [];
  try {
    return JSON.parse(waveform) as number[];
  } catch {
    return [];
  }
}

function embedTrack(track: Track, peaks: readonly number[], secret?: string): EmbedTrack {
  return {
    id: track.id,
    title: track.title,
    artist: track.artist,
    path: `/track/${encodeURIComponent(track.id)}${secretQuery(secret)}`,
    src: track.audio?.high ?? track.url,
    saver: track.audio?.saver ?? null,
    duration: track.duration,
    peaks: groupPeaks(peaks, EMBED_BARS),
  };
}

/** What an embeddable Platter address names: a track or a release, and the `?s=` secret it carries. */
export interface EmbedTarget {
  kind: 'track' | 'release';
  id: string;
  secret?: string;
}

/**
 * The track or release of a Platter address: `/track/:id`, `/release/:id`, or their embeds
 * (`/embed/track/:id`, `/embed/release/:id`) on this Platter's origin, with its `?s=` secret (the
 * fragment ignored); undefined for any other address. A URL that cannot be read is a 400.
 */
export function embedTargetOf(url: string, origin: string): EmbedTarget | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BadRequestError('url is not an address. Give the full address of a track or release, like https://platter.example/track/abc.', 'invalid_url');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new BadRequestError('url must be an http or https address of a Platter track or release.', 'invalid_url');
  }
  if (parsed.origin !== new URL(origin).origin) return undefined;
  const match = /^\/(?:embed\/)?(track|release)\/([^/]+)\/?$/.exec(parsed.pathname);
  if (!match?.[1] || !match[2]) return undefined;
  const id = cleanId(match[2]);
  if (!id) return undefined;
  const secret = parsed.searchParams.get('s') ?? undefined;
  // eslint-disable-next-line no-control-regex
  const usable = secret && secret.length <= 200 && !/[\u0000-\u001f]/.test(secret) ? secret : undefined;
  return { kind: match[1] as EmbedTarget['kind'], id, ...(usable ? { secret: usable } : {}) };
}

function cleanId(raw: string): string | undefined {
  try {
    const id = decodeURIComponent(raw);
    // No control characters (a NUL is refused by PostgreSQL's text): no track has them in its id.
    // eslint-disable-next-line no-control-regex
    return id.length <= 100 && !/[\u0000-\u001f]/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
