/**
 * The API's answers a public page's HTML carries for a signed-out visitor (`<script
 * type="application/json" id="initial-data">`, written by the server: apps/server/src/app.ts), by
 * the request's path without its query. A query starts from one (its `initialData`) instead of
 * asking again; each is taken once, so a later visit to the page asks the server as usual.
 */
let answers: Record<string, unknown> | null = null;

function read(): Record<string, unknown> {
  if (answers !== null) return answers;
  answers = {};
  const element = typeof document === 'undefined' ? null : document.getElementById('initial-data');
  if (element?.textContent) {
    try {
      const parsed: unknown = JSON.parse(element.textContent);
      if (parsed && typeof parsed === 'object') answers = parsed as Record<string, unknown>;
    } catch {
      // Not JSON: the page asks for everything itself.
    }
  }
  element?.remove();
  return answers;
}

/** The answer the page's HTML carries for `path` (e.g. `/api/tracks/t1`), once; undefined when it has none. */
export function takeInitialAnswer<T>(path: string): T | undefined {
  const all = read();
  if (!(path in all)) return undefined;
  const value = all[path] as T;
  delete all[path];
  return value;
}

/** For tests: forgets what was read, so the next call reads the document again. */
export function resetInitialData(): void {
  answers = null;
}
