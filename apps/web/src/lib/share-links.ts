import { EMBED_DEFAULT_HEIGHT, EMBED_RELEASE_HEIGHT, embedIframeHtml } from '@platter/shared/embed-code';
import { paths } from '../config/paths';

/**
 * The absolute share link of a track: `/track/:id`, the page the server serves with preview tags
 * (Open Graph, Twitter), so a pasted link unfurls with the cover.
 */
export function trackLink(trackId: string, origin: string = window.location.origin): string {
  return `${origin}${paths.track.getHref(trackId)}`;
}

/** The absolute share link of a release: `/release/:id`, with an unlisted release's secret (`?s=`) when given. */
export function releaseLink(releaseId: string, secret?: string | null, origin: string = window.location.origin): string {
  return `${origin}${paths.release.getHref(releaseId)}${secret ? `?s=${encodeURIComponent(secret)}` : ''}`;
}

/** The absolute share link of an artist: `/artist/:id`, served with the artist's preview tags. */
export function artistLink(artistId: string, origin: string = window.location.origin): string {
  return `${origin}${paths.artist.getHref(artistId)}`;
}

/**
 * The embed code of a track: an iframe of its player page (`/embed/track/:id`, which any site may
 * frame), as wide as the place it is pasted into; the same iframe the oEmbed answer gives.
 */
export function trackEmbedCode(track: { id: string; title: string; artist: string; secret?: string }, origin: string = window.location.origin): string {
  // An unlisted track's embed plays only with its secret (`?s=`), which the viewer holds when they may share it.
  const secret = track.secret ? `?s=${encodeURIComponent(track.secret)}` : '';
  return embedIframeHtml(`${origin}/embed/track/${encodeURIComponent(track.id)}${secret}`, '100%', EMBED_DEFAULT_HEIGHT, `${track.title} by ${track.artist}`);
}

/**
 * The embed code of a release: an iframe of its player page (`/embed/release/:id`: the player and
 * the track list), the same iframe the oEmbed answer gives.
 */
export function releaseEmbedCode(release: { id: string; title: string; artist: string; secret?: string | null }, origin: string = window.location.origin): string {
  const secret = release.secret ? `?s=${encodeURIComponent(release.secret)}` : '';
  return embedIframeHtml(`${origin}/embed/release/${encodeURIComponent(release.id)}${secret}`, '100%', EMBED_RELEASE_HEIGHT, `${release.title} by ${release.artist}`);
}

/** Copies to the clipboard; false when the browser refuses (no permission, insecure origin). */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
