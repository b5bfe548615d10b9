/** The ids with the one at `index` moved by `delta` places; unchanged when that would leave the list. */
export function moveEntry<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(index, 1) as [T];
  next.splice(target, 0, moved);
  return next;
}

/** SPEC 5: a playlist name must be non-empty once trimmed; null means "do nothing". */
export function cleanPlaylistName(name: string): string | null {
  const trimmed = name.trim();
  return trimmed === '' ? null : trimmed;
}
