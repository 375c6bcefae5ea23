import sharp from 'sharp';
import type { FileDescriptor, GenerateUploadUrlResponse } from '@plaza/contracts';
import type { TestServer } from '../../test/harness.js';
import { call, type CallResult } from '../../../test/http.js';

/** A real PNG of `width` × `height` in one colour. */
export const png = (width = 1200, height = 800, colour = { r: 200, g: 40, b: 40 }): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();

/** Asks for an upload URL and PUTs `bytes` to it: the PUT's answer (and the URL, for retries). */
export async function upload(
  srv: TestServer,
  auth: string,
  bytes: Buffer | string,
  fields: Record<string, unknown> = {},
): Promise<{ start: CallResult<GenerateUploadUrlResponse>; put: CallResult<{ file: FileDescriptor }> }> {
  const start = await call<GenerateUploadUrlResponse>(srv.url, 'POST', '/media/v1/files/generate-upload-url', {
    auth,
    body: { mimeType: 'image/png', fileName: 'picture.png', ...fields },
  });
  if (start.status !== 200) return { start, put: start };
  const res = await fetch(start.body.uploadUrl, {
    method: 'PUT',
    body: bytes,
    headers: { 'content-type': typeof fields.mimeType === 'string' ? fields.mimeType : 'image/png' },
  });
  const text = await res.text();
  return {
    start,
    put: {
      status: res.status,
      body: (text ? JSON.parse(text) : undefined) as { file: FileDescriptor },
      headers: res.headers,
    },
  };
}

/** Polls a file until it is no longer PENDING (processing runs in the job worker). */
export async function settled(srv: TestServer, auth: string, id: string, ms = 15_000): Promise<FileDescriptor> {
  const end = Date.now() + ms;
  for (;;) {
    const res = await call<{ file: FileDescriptor }>(srv.url, 'GET', `/media/v1/files/get-file-by-id?fileId=${id}`, {
      auth,
    });
    if (res.status !== 200) throw new Error(`get-file-by-id ${res.status}: ${JSON.stringify(res.body)}`);
    if (res.body.file.operationStatus !== 'PENDING') return res.body.file;
    if (Date.now() > end) throw new Error(`file ${id} still PENDING`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Uploads a picture and waits until it is READY. */
export async function readyPicture(
  srv: TestServer,
  auth: string,
  fields: Record<string, unknown> = {},
  bytes?: Buffer,
): Promise<FileDescriptor> {
  const { put } = await upload(srv, auth, bytes ?? (await png()), fields);
  if (put.status !== 200) throw new Error(`upload ${put.status}: ${JSON.stringify(put.body)}`);
  return settled(srv, auth, put.body.file.id);
}
