import { type RefObject, useEffect } from 'react';

/**
 * Keeps a CSS custom property on the document (`--notice-space`, `--remote-panel-space`) at the
 * height of a fixed element (plus `gap`) while it shows anything, so the page and the other fixed
 * layers make room for it instead of lying under it. `key` re-measures when the element comes and goes.
 */
export function useReservedSpace(ref: RefObject<HTMLElement | null>, property: string, gap = 12, key: unknown = null): void {
  useEffect(() => {
    const element = ref.current;
    const root = document.documentElement;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const height = element.getBoundingClientRect().height;
      if (height > 0) root.style.setProperty(property, `${Math.ceil(height + gap)}px`);
      else root.style.removeProperty(property);
    };
    // No measuring here: the observer reports the element's first size at the next frame, after the
    // browser's own layout, where reading it here would force a layout of the page in the commit.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(property);
    };
  }, [ref, property, gap, key]);
}
