/**
 * The posts this browser has shown in the news feed, kept in localStorage `viewedPosts` as a JSON
 * array of ids, oldest first. Only the newest VIEWED_POSTS_LIMIT are kept: an old post dropped
 * from the list is long out of the feed's first pages anyway.
 */
export const VIEWED_POSTS_KEY = 'viewedPosts';
export const VIEWED_POSTS_LIMIT = 500;

/** The viewed ids; an unreadable or malformed entry counts as none viewed. */
export function readViewedPosts(): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(VIEWED_POSTS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Adds ids to the viewed list (each once, the newest last, capped). */
export function markPostsViewed(ids: readonly string[]): void {
  const viewed = readViewedPosts();
  const known = new Set(viewed);
  const added = ids.filter((id) => !known.has(id));
  if (added.length === 0) return;
  const next = [...viewed, ...new Set(added)].slice(-VIEWED_POSTS_LIMIT);
  try {
    window.localStorage.setItem(VIEWED_POSTS_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the posts simply show as new again next time.
  }
}
