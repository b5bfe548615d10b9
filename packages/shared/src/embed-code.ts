/*
 * The embed player's sizes and the iframe an embedder pastes, free of zod: the web's share menus
 * import them on public pages (`@platter/shared/embed-code`), where the schemas never load on the
 * page's thread (apps/web/src/lib/contracts.ts). `embed.ts` re-exports them with the oEmbed contracts.
 */

/** The embed player's iframe size when the consumer sets no limit (CSS pixels). */
export const EMBED_DEFAULT_WIDTH = 600;
export const EMBED_DEFAULT_HEIGHT = 166;
/** A release's embed is taller: the player and its track list (which scrolls past a few tracks). */
export const EMBED_RELEASE_HEIGHT = 380;
/** What an oEmbed answer may be cached for by a consumer (seconds). */
export const OEMBED_CACHE_AGE = 3600;

const escapeAttribute = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * The iframe an embedder pastes: the oEmbed answer's `html` and the web app's "Copy embed code"
 * (`src` is the absolute /embed/track/:id address; `width` may be a CSS length like '100%').
 */
export function embedIframeHtml(src: string, width: number | string, height: number, title: string): string {
  return `<iframe src="${escapeAttribute(src)}" width="${escapeAttribute(String(width))}" height="${height}" style="border:0;border-radius:12px" allow="autoplay; encrypted-media" loading="lazy" title="${escapeAttribute(title)} · Platter"></iframe>`;
}
