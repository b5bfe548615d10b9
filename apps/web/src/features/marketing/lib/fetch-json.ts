/**
 * A small GET for the landing's public JSON (/api/stats, /api/app/download). The landing is its own
 * lightweight page (src/app/landing), so these two calls do without zod and the shared schemas (and
 * lib/api-client, which needs them): `check` validates the body instead.
 */
export async function fetchJson<T>(path: string, check: (body: unknown) => body is T, signal?: AbortSignal): Promise<T> {
  const response = await fetch(path, { headers: { Accept: 'application/json' }, credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  const body: unknown = await response.json();
  if (!check(body)) throw new Error(`GET ${path} answered an unexpected body`);
  return body;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
export const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
