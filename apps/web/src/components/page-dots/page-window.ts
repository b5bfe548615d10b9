export type PageSlot = number | 'gap';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The page dots to draw: all of them when they fit, otherwise the first, the last and a run
 * around the current page, with gaps between; never more than `maxDots` slots.
 */
export function pageWindow(current: number, pages: number, maxDots = 9): PageSlot[] {
  if (pages <= maxDots) return range(1, pages);
  const side = Math.floor((maxDots - 4) / 2);
  if (current <= side + 3) return [...range(1, maxDots - 2), 'gap', pages];
  if (current >= pages - side - 2) return [1, 'gap', ...range(pages - maxDots + 3, pages)];
  return [1, 'gap', ...range(current - side, current + side), 'gap', pages];
}
