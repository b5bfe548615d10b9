import { ApiError, apiErrorFromBody } from '../../../lib/api-error';

export interface UploadProgress {
  sent: number;
  total: number;
}

/**
 * Step 2 of an upload: PUT the file body to the upload URL. XMLHttpRequest rather than fetch,
 * because only it reports upload progress.
 */
export function putFile(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (progress: UploadProgress) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      onProgress({ sent: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress({ sent: file.size, total: file.size });
        resolve();
      } else {
        reject(apiErrorFromBody(xhr.status, xhr.statusText, xhr.responseText));
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'The upload was interrupted'));
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'The upload was cancelled'));
    xhr.send(file);
  });
}
