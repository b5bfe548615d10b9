import { ApiError, apiErrorFromBody } from './api-error';
import { checkAgainstContract, type ContractKey, type ContractOutput } from './contracts';

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<K extends ContractKey> {
  /**
   * The contract the response body must fit (a schema of lib/api-contracts.ts, by name): it is
   * checked, and stripped of unknown keys, at the boundary, in the contract worker (lib/contracts.ts).
   */
  schema: K;
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
export async function apiRequest<K extends ContractKey>(path: string, options: RequestOptions<K>): Promise<ContractOutput<K>> {
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
  return checkAgainstContract(schema, { text });
}
