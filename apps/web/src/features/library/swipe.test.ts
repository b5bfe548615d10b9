import { describe, expect, it } from 'vitest';
import { pageAfterSwipe, SWIPE_MIN_DISTANCE } from './swipe';

describe('pageAfterSwipe', () => {
  it('left goes to the next page, right to the previous one', () => {
    expect(pageAfterSwipe(2, 4, -120, 10)).toBe(3);
    expect(pageAfterSwipe(2, 4, 120, -10)).toBe(1);
  });

  it('stays within bounds', () => {
    expect(pageAfterSwipe(1, 4, 120, 0)).toBeNull();
    expect(pageAfterSwipe(4, 4, -120, 0)).toBeNull();
    expect(pageAfterSwipe(1, 1, -120, 0)).toBeNull();
    expect(pageAfterSwipe(1, 0, -120, 0)).toBeNull();
  });

  it('ignores short moves and mostly vertical ones (scrolling)', () => {
    expect(pageAfterSwipe(2, 4, -(SWIPE_MIN_DISTANCE - 1), 0)).toBeNull();
    expect(pageAfterSwipe(2, 4, -80, 120)).toBeNull();
  });
});
