/** SPEC 5: a playlist name must be non-empty once trimmed; null means "do nothing". */
export function cleanPlaylistName(name: string): string | null {
  const trimmed = name.trim();
  return trimmed === '' ? null : trimmed;
}
