import { expect } from 'vitest';
import type { Client } from './http-client.js';

export interface UploadUrls {
  uploadURL: string;
  fileUrl: string;
}

/** Step one for `file`: its size is declared (fileSize), as the web client does. */
export async function getUploadUrl(client: Client, file: Buffer, fileName = 'song.mp3', fileType = 'audio/mpeg'): Promise<UploadUrls> {
  const { status, body } = await client.json<UploadUrls>('POST', '/api/get-upload-url', { fileName, fileType, fileSize: file.length });
  expect(status).toBe(200);
  return body;
}

export function put(client: Client, uploadURL: string, body: Buffer, contentType = 'audio/mpeg') {
  return client.request('PUT', uploadURL, { body: new Uint8Array(body), headers: { 'content-type': contentType } });
}

/** The whole protocol of SPEC section 7, ending in a created track. */
export async function uploadTrack(client: Client, file: Buffer, fields: { title: string; genre?: string }) {
  const urls = await getUploadUrl(client, file);
  const stored = await put(client, urls.uploadURL, file);
  expect(stored.status).toBe(200);
  const created = await client.json<{ id: string; url: string; duration: number | null }>('POST', '/api/tracks', { ...fields, url: urls.fileUrl });
  expect(created.status).toBe(201);
  return created.body;
}
