import { formatTime } from '@platter/shared/format';
import type { EmbedView } from './embed.service.js';

/**
 * The embed page's HTML, rendered on the server so it paints with the track before any script
 * runs: apps/web/embed.html (built: its script and style) is the template, with `<!--embed-head-->`
 * and `<!--embed-->` where the head tags and the player go. Its script (apps/web/src/embed) only
 * wires play, pause and seeking to the markup and reads the tracks from `#embed-data`.
 */

export type EmbedTheme = 'light' | 'dark';
export type EmbedLanguage = 'en' | 'ru';

/** The template when there is no web build (the server alone): the player's markup, no script. */
export const FALLBACK_EMBED_TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <!--embed-head-->
  </head>
  <body>
    <!--embed-->
  </body>
</html>`;

type Word = 'play' | 'pause' | 'seek' | 'listenOn' | 'notFound' | 'notFoundRelease' | 'notFoundHint' | 'noCover' | 'tracks';
const WORDS: Record<EmbedLanguage, Record<Word, string>> = {
  en: {
    play: 'Play',
    pause: 'Pause',
    seek: 'Seek',
    listenOn: 'Listen on Platter',
    notFound: 'This track is not available',
    notFoundRelease: 'This release is not available',
    notFoundHint: 'It may have been removed, or it is not public.',
    noCover: 'No cover',
    tracks: 'Tracks',
  },
  ru: {
    play: 'Слушать',
    pause: 'Пауза',
    seek: 'Перемотка',
    listenOn: 'Слушать на Platter',
    notFound: 'Этот трек недоступен',
    notFoundRelease: 'Этот релиз недоступен',
    notFoundHint: 'Возможно, его удалили или он не публичный.',
    noCover: 'Без обложки',
    tracks: 'Треки',
  },
};

/** The page's language: `?lang=`, else the browser's first of en/ru in Accept-Language, else English. */
export function embedLanguage(asked: string | undefined, acceptLanguage: string | undefined): EmbedLanguage {
  if (asked === 'ru' || asked === 'en') return asked;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'ru' || tag === 'en') return tag;
  }
  return 'en';
}

/** `?theme=dark|light`; anything else leaves it to the browser's prefers-color-scheme. */
export const embedTheme = (asked: string | undefined): EmbedTheme | undefined => (asked === 'dark' || asked === 'light' ? asked : undefined);

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** JSON safe inside a <script> element: no `</script>` or `<!--` can close or confuse it. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

/** The waveform as SVG bars (a flat line of bars while it is not made yet). */
function waveformSvg(peaks: readonly number[], className: string): string {
  const bars = peaks.length > 0 ? peaks : new Array<number>(120).fill(0.08);
  const rects = bars
    .map((peak, i) => {
      const h = Math.max(4, Math.round(peak * 100));
      return `<rect x="${i * 3}" y="${(100 - h) / 2}" width="2" height="${h}" rx="1"/>`;
    })
    .join('');
  return `<svg class="${className}" viewBox="0 0 ${bars.length * 3 - 1} 100" preserveAspectRatio="none" aria-hidden="true" focusable="false">${rects}</svg>`;
}

interface RenderOptions {
  /** Absolute links (the link back opens Platter in a new tab, outside the frame). */
  origin: string;
  theme: EmbedTheme | undefined;
  language: EmbedLanguage;
}

/** Puts head tags and body markup into the template, each at its marker. */
function fill(template: string, head: string, body: string, { theme, language }: RenderOptions): string {
  const htmlAttributes = `lang="${language}"${theme ? ` data-theme="${theme}"` : ''}`;
  return template
    .replace(/<html[^>]*>/, () => `<html ${htmlAttributes}>`)
    .replace('<!--embed-head-->', () => head)
    .replace('<!--embed-->', () => body);
}

/**
 * The embed page of a track or a release: cover, play button, titles, waveform, link back; a
 * release also has its track list (a click plays that track; each ends into the next) and the
 * title of the track playing. The script gets every track's peaks to redraw the waveform.
 */
export function renderEmbedHtml(template: string, view: EmbedView, options: RenderOptions): string {
  const words = WORDS[options.language];
  const absolute = (url: string) => new URL(url, options.origin).href;
  const first = view.tracks[0];
  const link = absolute(view.path);
  const duration = first?.duration ?? null;
  const head = [
    `<title>${escapeHtml(`${view.title} – ${view.artist}`)} · Platter</title>`,
    `<meta name="color-scheme" content="${options.theme ?? 'light dark'}" />`,
    `<meta name="robots" content="noindex" />`,
    `<link rel="canonical" href="${escapeHtml(link)}" />`,
  ].join('\n    ');
  const cover = view.image
    ? `<img class="embed__cover" src="${escapeHtml(view.image)}" alt="" width="600" height="600" />`
    : `<div class="embed__cover embed__cover--none" role="img" aria-label="${escapeHtml(words.noCover)}"></div>`;
  const release = view.kind === 'release';
  const data = {
    kind: view.kind,
    tracks: view.tracks.map((t) => ({ id: t.id, title: t.title, src: t.src, saver: t.saver, duration: t.duration, ...(release ? { peaks: t.peaks } : {}) })),
    words: { play: words.play, pause: words.pause },
  };
  const list = release
    ? `<ol class="embed__list" aria-label="${escapeHtml(words.tracks)}">${view.tracks
        .map(
          (t, i) =>
            `<li><button type="button" class="embed__item" data-index="${i}"${i === 0 ? ' aria-current="true"' : ''}><span class="embed__item-n">${i + 1}</span><span class="embed__item-title">${escapeHtml(t.title)}</span><span class="embed__item-time">${formatTime(t.duration)}</span></button></li>`,
        )
        .join('')}</ol>`
    : '';
  const now = release ? `<span class="embed__now">${escapeHtml(first?.title ?? '')}</span>` : '';
  const body = `<main class="embed" data-kind="${view.kind}">
      <a class="embed__cover-link" href="${escapeHtml(link)}" target="_blank" rel="noopener" tabindex="-1" aria-hidden="true">${cover}</a>
      <div class="embed__main">
        <div class="embed__head">
          <button type="button" class="embed__play" aria-label="${escapeHtml(words.play)}" data-state="paused">
            <svg class="embed__icon-play" viewBox="0 0 24 24" aria-hidden="true"><path d="M8 5.5v13l11-6.5z"/></svg>
            <svg class="embed__icon-pause" viewBox="0 0 24 24" aria-hidden="true"><path d="M7 5h4v14H7zM13 5h4v14h-4z"/></svg>
          </button>
          <div class="embed__titles">
            <a class="embed__artist" href="${escapeHtml(absolute(view.artistPath))}" target="_blank" rel="noopener">${escapeHtml(view.artist)}</a>
            <a class="embed__title" href="${escapeHtml(link)}" target="_blank" rel="noopener">${escapeHtml(view.title)}</a>
            ${now}
          </div>
          <a class="embed__brand" href="${escapeHtml(link)}" target="_blank" rel="noopener" title="${escapeHtml(words.listenOn)}">Platter<span aria-hidden="true"> ↗</span></a>
        </div>
        <div class="embed__wave" role="slider" tabindex="0" aria-label="${escapeHtml(words.seek)}" aria-valuemin="0" aria-valuemax="${Math.round(duration ?? 0)}" aria-valuenow="0" aria-valuetext="${formatTime(0)}">
          ${waveformSvg(first?.peaks ?? [], 'embed__bars')}
          ${waveformSvg(first?.peaks ?? [], 'embed__bars embed__bars--played')}
        </div>
        <div class="embed__times"><span class="embed__current">${formatTime(0)}</span><span class="embed__duration">${formatTime(duration)}</span></div>
      </div>
      ${list}
      <audio class="embed__audio" preload="none" src="${escapeHtml(first?.src ?? '')}"></audio>
    </main>
    <script type="application/json" id="embed-data">${scriptJson(data)}</script>`;
  return fill(template, head, body, options);
}

/** The 404 page of an embed: the track or release is missing or not to be seen (never a 5xx, never who owns it). */
export function renderEmbedNotFoundHtml(template: string, options: RenderOptions, kind: 'track' | 'release' = 'track'): string {
  const words = WORDS[options.language];
  const notFound = kind === 'release' ? words.notFoundRelease : words.notFound;
  const head = [`<title>${escapeHtml(notFound)} · Platter</title>`, `<meta name="color-scheme" content="${options.theme ?? 'light dark'}" />`, `<meta name="robots" content="noindex" />`].join('\n    ');
  const body = `<main class="embed embed--missing">
      <div class="embed__main">
        <p class="embed__title">${escapeHtml(notFound)}</p>
        <p class="embed__artist">${escapeHtml(words.notFoundHint)}</p>
        <a class="embed__brand" href="${escapeHtml(new URL('/', options.origin).href)}" target="_blank" rel="noopener">Platter<span aria-hidden="true"> ↗</span></a>
      </div>
    </main>`;
  return fill(template, head, body, options);
}
