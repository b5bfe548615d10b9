import type { ContractKey, ContractOutput } from './contracts';
import { sendRawBody } from './raw-body-request';

/**
 * PUTs an image as the raw request body (the image endpoints take no JSON), answering like
 * apiRequest (`schema` names the contract the same way): the parsed body, or an ApiError carrying the server's message (413 too big,
 * 415 not an image).
 */
export function putImageBody<K extends ContractKey>(path: string, image: Blob, schema: K): Promise<ContractOutput<K>> {
  return sendRawBody('PUT', path, image, schema);
}
