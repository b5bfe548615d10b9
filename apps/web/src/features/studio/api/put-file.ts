import { ApiError, apiErrorFromBody } from '../../../lib/api-error';

export interface UploadProgress {
  sent: number;
  total: number;
}

/** The code of the ApiError a cancelled upload rejects with. */
export const UPLOAD_ABORTED = 'aborted';

/**
 * Step 2 of an upload: PUT the file body to the upload URL. XMLHttpRequest rather than fetch,
 * because only it reports upload progress. Aborting `signal` aborts the request.
 */
export function putFile(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError(0, UPLOAD_ABORTED, 'The upload was cancelled'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbortSignal = () => xhr.abort();
    signal?.addEventListener('abort', onAbortSignal, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbortSignal);
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.onload = () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress({ sent: file.size, total: file.size });
        resolve();
      } else {
        void apiErrorFromBody(xhr.status, xhr.statusText, xhr.responseText).then(reject);
      }
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError(0, 'network_error', 'The upload was interrupted'));
    };
    xhr.onabort = () => {
      settle();
      reject(new ApiError(0, UPLOAD_ABORTED, 'The upload was cancelled'));
    };
    xhr.send(file);
  });
}
