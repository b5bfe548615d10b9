/** SPEC 3 and 9: each user's last 10 searches, newest first, in localStorage `recentSearches_{uid}`. */
export const RECENT_SEARCHES_LIMIT = 10;
export const GUEST_ID = 'guest';

export function recentSearchesKey(userId: string | null): string {
  return `recentSearches_${userId ?? GUEST_ID}`;
}

/** Puts `query` first; an earlier equal search (ignoring case and spaces) moves up instead of repeating. */
export function addRecentSearch(list: readonly string[], query: string): string[] {
  const text = query.trim().replace(/\s+/g, ' ');
  if (!text) return [...list];
  const same = (other: string) => other.toLocaleLowerCase() === text.toLocaleLowerCase();
  return [text, ...list.filter((other) => !same(other))].slice(0, RECENT_SEARCHES_LIMIT);
}

/** Whatever the storage holds; anything unreadable counts as no searches. */
export function parseRecentSearches(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter((item): item is string => typeof item === 'string' && item.trim() !== '').slice(0, RECENT_SEARCHES_LIMIT);
  } catch {
    return [];
  }
}

export function readRecentSearches(userId: string | null, storage: Pick<Storage, 'getItem'> = localStorage): string[] {
  try {
    return parseRecentSearches(storage.getItem(recentSearchesKey(userId)));
  } catch {
    return [];
  }
}

export function writeRecentSearches(
  userId: string | null,
  list: readonly string[],
  storage: Pick<Storage, 'setItem' | 'removeItem'> = localStorage,
): void {
  try {
    if (list.length === 0) storage.removeItem(recentSearchesKey(userId));
    else storage.setItem(recentSearchesKey(userId), JSON.stringify(list));
  } catch {
    // A full or refused storage only loses the history of searches.
  }
}
