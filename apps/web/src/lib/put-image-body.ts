import type { z } from 'zod';
import type { Contracts } from './contracts';
import { sendRawBody } from './raw-body-request';

/**
 * PUTs an image as the raw request body (the image endpoints take no JSON), answering like
 * apiRequest (`schema` picks the contract the same way): the parsed body, or an ApiError carrying the server's message (413 too big,
 * 415 not an image).
 */
export function putImageBody<T>(path: string, image: Blob, schema: (contracts: Contracts) => z.ZodType<T>): Promise<T> {
  return sendRawBody('PUT', path, image, schema);
}
