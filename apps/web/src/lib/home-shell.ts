/**
 * /home's prerendered first frame (home.html, scripts/prerender-home.mjs): a layer over #root
 * that the app removes once it has rendered under it. Called from the root route's effect, which
 * runs after its children's (the home tab's terms dialog is open by then), so nothing flashes.
 */
export function removeHomeShell(): void {
  document.getElementById('home-shell')?.remove();
  document.documentElement.removeAttribute('data-home-shell');
  markRemoved();
}

let markRemoved: () => void = () => {};
const removed = new Promise<void>((resolve) => {
  markRemoved = resolve;
});

/** Resolves once the app has taken over from the prerendered frame (at once on any other page). */
export function whenHomeShellRemoved(): Promise<void> {
  return typeof document !== 'undefined' && document.getElementById('home-shell') ? removed : Promise.resolve();
}
