import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import S3rver from 's3rver';
import * as tus from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileDescriptor, GenerateResumableUploadUrlResponse } from '@plaza/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { call } from '../../../test/http.js';
import { png, readyPicture, settled } from './testing.js';

/** One TUS upload of `bytes` with the upload token; resolves with the upload's URL once done (or aborted). */
function tusUpload(
  start: GenerateResumableUploadUrlResponse,
  bytes: Buffer,
  opts: { uploadUrl?: string; abortAfterBytes?: number } = {},
): Promise<{ url: string; aborted: boolean; firstOffset: number | undefined }> {
  return new Promise((resolve, reject) => {
    let firstOffset: number | undefined;
    const upload: tus.Upload = new tus.Upload(bytes, {
      endpoint: start.uploadUrl,
      ...(opts.uploadUrl ? { uploadUrl: opts.uploadUrl } : {}),
      metadata: { uploadToken: start.uploadToken, filename: 'big.bin' },
      chunkSize: 256 * 1024,
      retryDelays: [],
      onProgress: (sent) => {
        firstOffset ??= sent;
      },
      onChunkComplete: (_chunk, accepted) => {
        if (opts.abortAfterBytes && accepted >= opts.abortAfterBytes) {
          void upload.abort(false).then(() => resolve({ url: upload.url!, aborted: true, firstOffset }));
        }
      },
      onError: reject,
      onSuccess: () => resolve({ url: upload.url!, aborted: false, firstOffset }),
    });
    upload.start();
  });
}

describe('resumable uploads (TUS)', () => {
  let srv: TestServer;
  let auth: string;
  beforeAll(async () => {
    srv = await startTestServer();
    auth = await srv.createApiKey(['media']);
  }, 120_000);
  afterAll(() => srv?.close());

  it('an interrupted upload resumes from its offset and the file is whole', async () => {
    // A noisy PNG (about 3 MB: many chunks), sniffed and processed like any picture.
    const padded = await sharp({
      create: {
        width: 1000,
        height: 1000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    expect(padded.length).toBeGreaterThan(1_000_000);
    const start = (
      await call<GenerateResumableUploadUrlResponse>(srv.url, 'POST', '/media/v1/files/generate-resumable-upload-url', {
        auth,
        body: {
          mimeType: 'image/png',
          fileName: 'poster.png',
          sizeInBytes: String(padded.length),
          uploadProtocol: 'TUS',
        },
      })
    ).body;
    expect(start.uploadProtocol).toBe('TUS');
    const first = await tusUpload(start, padded, { abortAfterBytes: 256 * 1024 });
    expect(first.aborted).toBe(true);
    const head = await fetch(first.url, { method: 'HEAD', headers: { 'tus-resumable': '1.0.0' } });
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(padded.length);
    const second = await tusUpload(start, padded, { uploadUrl: first.url });
    expect(second.aborted).toBe(false);
    const file = await settled(srv, auth, start.file.id);
    expect(file.operationStatus).toBe('READY');
    expect(file.sizeInBytes).toBe(String(padded.length));
    const served = Buffer.from(await (await fetch(file.url)).arrayBuffer());
    expect(served.equals(padded)).toBe(true);
  });

  it('refuses an upload without a valid token or larger than declared', async () => {
    const bad = await fetch(`${srv.url}/media/v1/tus`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `uploadToken ${Buffer.from('forged.token').toString('base64')}`,
      },
    });
    expect(bad.status).toBe(403);
    const start = (
      await call<GenerateResumableUploadUrlResponse>(srv.url, 'POST', '/media/v1/files/generate-resumable-upload-url', {
        auth,
        body: { mimeType: 'image/png', sizeInBytes: '100' },
      })
    ).body;
    const tooBig = await fetch(start.uploadUrl, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '5000',
        'upload-metadata': `uploadToken ${Buffer.from(start.uploadToken).toString('base64')}`,
      },
    });
    expect(tooBig.status).toBe(413);
  });
});

describe('the S3-compatible store', () => {
  let s3: S3rver;
  let dir: string;
  let srv: TestServer;
  const saved = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'plaza-s3-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'plaza-media', configs: [] }],
    });
    const addr = await s3.run();
    // s3rver's fixed credentials; the AWS SDK reads them from the environment as it would in production.
    process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
    process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
    srv = await startTestServer({
      env: { PLAZA_S3_BUCKET: 'plaza-media', PLAZA_S3_ENDPOINT: `http://127.0.0.1:${addr.port}` },
    });
  }, 120_000);
  afterAll(async () => {
    await srv?.close();
    await s3?.close();
    rmSync(dir, { recursive: true, force: true });
    process.env.AWS_ACCESS_KEY_ID = saved.id;
    process.env.AWS_SECRET_ACCESS_KEY = saved.secret;
  });

  it('/ready heads the bucket: 200 while it answers, 503 naming the storage when it is gone', async () => {
    expect((await fetch(`${srv.url}/ready`)).status).toBe(200);
    const media = srv.config.media;
    srv.config.media = { ...media, s3: { ...media.s3!, bucket: 'no-such-bucket' } };
    try {
      const res = await fetch(`${srv.url}/ready`);
      expect(res.status).toBe(503);
      const body = (await res.json()) as { details: { applicationError: { data: unknown } } };
      expect(body.details.applicationError.data).toEqual({ notReady: { storage: 'the bucket does not answer' } });
    } finally {
      srv.config.media = media;
    }
  });

  it('stores, serves (with ranges), processes and deletes through the bucket', async () => {
    const auth = await srv.createApiKey(['media']);
    const bytes = await png(1000, 500);
    const file: FileDescriptor = await readyPicture(srv, auth, {}, bytes);
    expect(file.failureReason).toBeUndefined();
    expect(file.media.image?.responsiveImages.map((r) => r.width)).toEqual([400, 800]);
    expect(Buffer.from(await (await fetch(file.url)).arrayBuffer()).equals(bytes)).toBe(true);
    const part = await fetch(file.url, { headers: { range: 'bytes=0-7' } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(0, 8))).toBe(true);
    const { S3Client, ListObjectsV2Command } = await import('@aws-sdk/client-s3');
    const client = new S3Client({
      region: 'us-east-1',
      endpoint: srv.config.media.s3!.endpoint!,
      forcePathStyle: true,
    });
    const keys = async () =>
      ((await client.send(new ListObjectsV2Command({ Bucket: 'plaza-media' }))).Contents ?? []).map((o) => o.Key!);
    expect((await keys()).filter((k) => k.includes(file.id)).sort()).toEqual(
      ['original', 'preview', 'w400', 'w800'].map((a) => `${file.hash}/${file.id}/${a}`).sort(),
    );
    await call(srv.url, 'POST', '/media/v1/bulk/files/delete', { auth, body: { fileIds: [file.id], permanent: true } });
    expect((await keys()).filter((k) => k.includes(file.id))).toEqual([]);
  });
});
