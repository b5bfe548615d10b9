import type { UploadUrlRequest, UploadUrlResponse } from '@platter/shared';
import { apiRequest } from '../../../lib/api-client';

/** Step 1 of an upload: where to PUT the file, and the address the track will stream from. */
export function getUploadUrl(input: UploadUrlRequest, signal?: AbortSignal): Promise<UploadUrlResponse> {
  return apiRequest('/api/get-upload-url', { method: 'POST', json: input, schema: 'uploadUrlResponseSchema', signal });
}
