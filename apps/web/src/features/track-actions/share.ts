import { paths } from '../../config/paths';

/** The absolute link of a track, as shared from its '...' menu. */
export function trackLink(trackId: string, origin: string = window.location.origin): string {
  return `${origin}${paths.home.track(trackId)}`;
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
