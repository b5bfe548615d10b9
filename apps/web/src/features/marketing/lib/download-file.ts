/**
 * Fetches a file while reporting real progress (0–100, whole percent, each value once) from the
 * bytes read against Content-Length (or the size the API announced), and resolves with its Blob.
 */
export async function fetchWithProgress(
  url: string,
  onProgress: (percent: number) => void,
  { expectedSize, signal }: { expectedSize?: number | null; signal?: AbortSignal } = {},
): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin', signal });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  const type = response.headers.get('Content-Type') ?? 'application/octet-stream';
  const total = Number(response.headers.get('Content-Length')) || expectedSize || 0;

  let reported = -1;
  const report = (percent: number) => {
    if (percent === reported) return;
    reported = percent;
    onProgress(percent);
  };
  report(0);

  if (!response.body) {
    const blob = await response.blob();
    report(100);
    return blob;
  }

  const reader = response.body.getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    // Never 100 before the last byte: a size that lies must not claim a finished file.
    if (total > 0) report(Math.min(99, Math.floor((received / total) * 100)));
  }
  report(100);
  return new Blob(chunks, { type });
}

/** Hands a fetched file to the browser as a download named `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled; keep the URL a moment for slow ones.
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
