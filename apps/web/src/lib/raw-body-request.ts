import { ApiError, apiErrorFromBody } from './api-error';
import { checkAgainstContract, type ContractKey, type ContractOutput } from './contracts';

/**
 * Sends a file as the raw request body (endpoints that take a file, not JSON), answering like
 * apiRequest: the parsed body, or an ApiError carrying the server's message.
 */
export async function sendRawBody<K extends ContractKey>(method: 'POST' | 'PUT', path: string, body: Blob, schema: K): Promise<ContractOutput<K>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { Accept: 'application/json', 'Content-Type': body.type || 'application/octet-stream' },
      body,
      credentials: 'same-origin',
    });
  } catch (cause) {
    throw new ApiError(0, 'network_error', cause instanceof Error ? cause.message : 'Network error');
  }
  const text = await response.text();
  if (!response.ok) throw await apiErrorFromBody(response.status, response.statusText, text);
  return checkAgainstContract(schema, { text });
}
