/** SPEC 9: the narrow-screen breakpoint and how long a swipe's marker shows. */
export const NARROW_QUERY = '(max-width: 768px)';
export const SWIPE_MARKER_MS = 300;
/** Shorter moves are taps or jitter, not swipes. */
export const SWIPE_MIN_DISTANCE = 40;

export type SwipeDirection = 'left' | 'right' | 'up' | 'down';

/** The direction of a finger's move from start to end, or null when it is too short to be a swipe. */
export function swipeDirection(dx: number, dy: number): SwipeDirection | null {
  if (Math.max(Math.abs(dx), Math.abs(dy)) < SWIPE_MIN_DISTANCE) return null;
  if (Math.abs(dx) >= Math.abs(dy)) return dx < 0 ? 'left' : 'right';
  return dy < 0 ? 'up' : 'down';
}
