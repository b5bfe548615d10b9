import { describe, expect, it } from 'vitest';
import { pageWindow } from './page-window';

describe('pageWindow', () => {
  it('shows every page when they fit', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(3, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('keeps first, last and the pages around the current one', () => {
    expect(pageWindow(10, 20)).toEqual([1, 'gap', 8, 9, 10, 11, 12, 'gap', 20]);
  });

  it('never draws more than the maximum and always includes the current page', () => {
    for (let current = 1; current <= 40; current += 1) {
      const slots = pageWindow(current, 40);
      expect(slots.length).toBeLessThanOrEqual(9);
      expect(slots).toContain(current);
      expect(slots[0]).toBe(1);
      expect(slots.at(-1)).toBe(40);
    }
  });

  it('fills the run from the edge when the current page is near it', () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 'gap', 20]);
    expect(pageWindow(20, 20)).toEqual([1, 'gap', 14, 15, 16, 17, 18, 19, 20]);
  });
});
