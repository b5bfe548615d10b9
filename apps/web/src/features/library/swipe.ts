/** A horizontal move shorter than this is a tap or a scroll, not a swipe. */
export const SWIPE_MIN_DISTANCE = 50;
/** SPEC 4 and 9: a page change slides over 250 ms. */
export const PAGE_TRANSITION_MS = 250;

/**
 * The page a swipe leads to: left shows the next page, right the previous one, only within
 * bounds; null when the gesture is not a horizontal swipe or would leave the pages.
 */
export function pageAfterSwipe(page: number, pages: number, dx: number, dy: number): number | null {
  if (Math.abs(dx) < SWIPE_MIN_DISTANCE || Math.abs(dx) <= Math.abs(dy)) return null;
  const target = dx < 0 ? page + 1 : page - 1;
  return target >= 1 && target <= pages ? target : null;
}
