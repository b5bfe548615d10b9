import { EMBED_DEFAULT_HEIGHT, EMBED_DEFAULT_WIDTH, OEMBED_CACHE_AGE, type Oembed, type OembedQuery, type Track, embedIframeHtml } from '@platter/shared';
import type { Actor } from '../lib/actor.js';
import { BadRequestError, DomainError, NotFoundError } from '../lib/errors.js';
import { IMAGE_VARIANTS } from '../media/image.js';
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
 * What an embed page shows. A track's embed is `kind: 'track'` with one track; a release's (once
 * releases exist) is `kind: 'release'` with its tracks in order: the page renders both the same way,
 * with a track list when there is more than one.
 */
export interface EmbedView {
  kind: 'track';
  title: string;
  artist: string;
  /** The item's page on Platter and its artist's (relative paths). */
  path: string;
  artistPath: string;
  /** The cover (relative), if any. */
  image: string | null;
  tracks: EmbedTrack[];
}

export interface EmbedServiceDeps {
  tracks: TrackService;
  waveforms: WaveformService;
}

/** The oEmbed spec's 501: the provider does not offer the asked-for format (xml). */
export class FormatNotImplementedError extends DomainError {
  constructor(format: string) {
    super(501, 'format_not_implemented', `oEmbed answers in JSON only, not ${format}. Ask with format=json or leave format out.`);
  }
}

const notEmbeddable = () => new NotFoundError('This address is not a Platter track that can be embedded.', 'not_embeddable');

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
  async track(id: string, viewer: Actor | undefined): Promise<EmbedView> {
    const track = await this.deps.tracks.get(id, viewer);
    const waveform = track.waveform === 'ready' ? await this.deps.waveforms.get(id, viewer) : undefined;
    return {
      kind: 'track',
      title: track.title,
      artist: track.artist,
      path: `/track/${encodeURIComponent(track.id)}`,
      artistPath: `/artist/${encodeURIComponent(track.artistId)}`,
      image: track.image,
      tracks: [embedTrack(track, waveform?.peaks ?? [])],
    };
  }

  /**
   * GET /api/oembed: the rich type with the embed's iframe, for a track page or embed address on
   * this Platter (`origin`). What an anonymous visitor may not see is as unknown as a missing track.
   */
  async oembed(query: OembedQuery, origin: string): Promise<Oembed> {
    if (query.format !== undefined && query.format !== 'json') throw new FormatNotImplementedError(query.format);
    const id = trackIdOf(query.url, origin);
    if (!id) throw notEmbeddable();
    let view: EmbedView;
    try {
      view = await this.track(id, undefined);
    } catch (error) {
      if (error instanceof NotFoundError) throw notEmbeddable();
      throw error;
    }
    const width = Math.min(EMBED_DEFAULT_WIDTH, query.maxwidth ?? EMBED_DEFAULT_WIDTH);
    const height = Math.min(EMBED_DEFAULT_HEIGHT, query.maxheight ?? EMBED_DEFAULT_HEIGHT);
    const src = `${origin}/embed/track/${encodeURIComponent(id)}`;
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

function embedTrack(track: Track, peaks: readonly number[]): EmbedTrack {
  return {
    id: track.id,
    title: track.title,
    artist: track.artist,
    path: `/track/${encodeURIComponent(track.id)}`,
    src: track.audio?.high ?? track.url,
    saver: track.audio?.saver ?? null,
    duration: track.duration,
    peaks: groupPeaks(peaks, EMBED_BARS),
  };
}

/**
 * The track id of a Platter address: `/track/:id` or `/embed/track/:id` on this Platter's origin
 * (query and fragment ignored); undefined for any other address. A URL that cannot be read is a 400.
 */
export function trackIdOf(url: string, origin: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BadRequestError('url is not an address. Give the full address of a track, like https://platter.example/track/abc.', 'invalid_url');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new BadRequestError('url must be an http or https address of a Platter track.', 'invalid_url');
  }
  if (parsed.origin !== new URL(origin).origin) return undefined;
  const match = /^\/(?:embed\/)?track\/([^/]+)\/?$/.exec(parsed.pathname);
  if (!match?.[1]) return undefined;
  try {
    const id = decodeURIComponent(match[1]);
    // No control characters (a NUL is refused by PostgreSQL's text): no track has them in its id.
    // eslint-disable-next-line no-control-regex
    return id.length <= 100 && !/[\u0000-\u001f]/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}
