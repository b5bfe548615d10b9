import { checkAgainstContract } from './contracts';

/**
 * A failed API call. `code`, `message` and `field` are the server's `{ error, message, field? }`
 * body; `field` names the first invalid field of a 400, so a form can put the message next to it.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * Builds an ApiError from a non-OK response body, whatever shape it turned out to have (checked
 * against the shared errorSchema, in the contract worker: lib/contracts.ts).
 */
export async function apiErrorFromBody(status: number, statusText: string, bodyText: string): Promise<ApiError> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bodyText);
  } catch {
    parsed = undefined;
  }
  const body = await checkAgainstContract('errorSchema', { value: parsed }).catch(() => null);
  if (body) return new ApiError(status, body.error, body.message, body.field);
  return new ApiError(status, 'http_error', statusText || `Request failed with status ${status}`);
}
