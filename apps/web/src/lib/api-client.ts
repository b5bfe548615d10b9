import type { z } from 'zod';
import { ApiError, apiErrorFromBody } from './api-error';
import { contractsAfterFirstPaint, type Contracts } from './contracts';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  /**
   * Picks the schema that validates (and strips) the response body: the API contract is checked at
   * the boundary. The schemas load after the first paint (lib/contracts.ts), hence a picker.
   */
  schema: (contracts: Contracts) => z.ZodType<T>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: QueryParams;
  json?: unknown;
  signal?: AbortSignal;
}

/** Appends the defined, non-empty query params to a path. */
export function withQuery(path: string, query: QueryParams = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** fetch for the Platter API: same-origin cookies, JSON in and out, ApiError on failure. */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const { schema, method = 'GET', query, json, signal } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (json !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(withQuery(path, query), {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
      credentials: 'same-origin',
      signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
  }

  const text = await response.text();
  if (!response.ok) throw await apiErrorFromBody(response.status, response.statusText, text);
  return schema(await contractsAfterFirstPaint()).parse(text ? JSON.parse(text) : undefined);
}
