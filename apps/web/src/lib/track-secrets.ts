/**
 * The secrets of unlisted tracks this tab was given by their secret links (`/track/:id?s=<secret>`):
 * the track's page, waveform and comments ask the API with it. Kept in memory only.
 */
const secrets = new Map<string, string>();

export function rememberTrackSecret(trackId: string, secret: string | null | undefined): void {
  if (secret) secrets.set(trackId, secret);
}

/** `{ s }` for a track opened with its secret link, else no query. */
export function trackSecretQuery(trackId: string): { s?: string } {
  const secret = secrets.get(trackId);
  return secret ? { s: secret } : {};
}
