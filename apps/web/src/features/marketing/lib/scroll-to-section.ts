/** Whether the visitor asked the system for less motion: then scrolling jumps instead of gliding. */
export function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls the landing to one of its sections (smoothly unless reduced motion is asked for) and
 * moves keyboard focus there, so the next Tab continues from the section, not from the link.
 * Returns false when the page has no such section.
 */
export function scrollToSection(id: string): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  section.focus({ preventScroll: true });
  return true;
}
