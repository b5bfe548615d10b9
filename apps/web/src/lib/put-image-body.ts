import type { z } from 'zod';
import { ApiError, apiErrorFromBody } from './api-error';
import { contractsAfterFirstPaint, type Contracts } from './contracts';

/**
 * PUTs an image as the raw request body (the image endpoints take no JSON), answering like
 * apiRequest (`schema` picks the contract the same way): the parsed body, or an ApiError carrying the server's message (413 too big,
 * 415 not an image).
 */
export async function putImageBody<T>(path: string, image: Blob, schema: (contracts: Contracts) => z.ZodType<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'PUT',
      headers: { Accept: 'application/json', 'Content-Type': image.type || 'application/octet-stream' },
      body: image,
      credentials: 'same-origin',
    });
  } catch (cause) {
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
  }
  const text = await response.text();
  if (!response.ok) throw await apiErrorFromBody(response.status, response.statusText, text);
  return schema(await contractsAfterFirstPaint()).parse(text ? JSON.parse(text) : undefined);
}
