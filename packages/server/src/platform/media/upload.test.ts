import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FileDescriptor } from '@plaza/contracts';
import { startTestServer } from '../../test/harness.js';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { png, readyPicture, settled, upload } from './testing.js';

const { srv, c, keys } = serverSuite({ cast: true, keys: { media: ['media'] } });

describe('direct upload', () => {
  let file: FileDescriptor;
  let bytes: Buffer;

  it('takes a picture PENDING → READY with its size, preview, responsive sizes and focal point', async () => {
    bytes = await png(1200, 800);
    const { start, put } = await upload(srv, c.owner, bytes, {
      labels: ['red', 'banner'],
      sizeInBytes: String(bytes.length),
    });
    expect(start.status).toBe(200);
    expect(start.body.file.operationStatus).toBe('PENDING');
    expect(start.body.uploadUrl).toMatch(new RegExp(`^${srv.url}/media/v1/upload/`));
    expect(put.status).toBe(200);
    expect(put.body.file.hash).toMatch(/^[0-9a-f]{64}$/);
    file = await settled(srv, c.owner, put.body.file.id);
    expect(file.operationStatus).toBe('READY');
    expect(file.mediaType).toBe('IMAGE');
    expect(file.sizeInBytes).toBe(String(bytes.length));
    expect(file.parentFolderId).toBe('media-root');
    expect(file.labels).toEqual(['red', 'banner']);
    const image = file.media.image!;
    expect([image.image.width, image.image.height]).toEqual([1200, 800]);
    expect(image.focalPoint).toEqual({ x: 0.5, y: 0.5 });
    expect(image.faces).toEqual([]);
    expect(image.responsiveImages.map((r) => r.width)).toEqual([400, 800]);
    expect(image.previewImage?.width).toBe(320);
    expect(image.colors?.prominent?.hex).toMatch(/^#[0-9a-f]{6}$/);
    expect(file.thumbnailUrl).toBe(image.previewImage?.url);
  });

  it('serves the bytes with a long cache, an ETag, conditional requests and byte ranges', async () => {
    const res = await fetch(file.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    const etag = res.headers.get('etag')!;
    expect(etag).toBe(`"${file.hash}-original"`);
    expect((await fetch(file.url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const part = await fetch(file.url, { headers: { range: 'bytes=8-15' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 8-15/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(8, 16))).toBe(true);
    const tail = await fetch(file.url, { headers: { range: 'bytes=-4' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(-4))).toBe(true);
    const outside = await fetch(file.url, { headers: { range: `bytes=${bytes.length}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
    const preview = await fetch(file.media.image!.previewImage!.url);
    expect(preview.headers.get('content-type')).toBe('image/webp');
  });

  it('takes the bytes whatever the Content-Type header says, or without one', async () => {
    const bytes = await png(20, 20);
    const headerSets: Record<string, string>[] = [
      {},
      { 'content-type': 'application/octet-stream' },
      { 'content-type': 'text/plain' },
    ];
    for (const headers of headerSets) {
      const start = await call<{ uploadUrl: string }>(srv.url, 'POST', '/media/v1/files/generate-upload-url', {
        auth: c.owner,
        body: { mimeType: 'image/png' },
      });
      const res = await fetch(start.body.uploadUrl, { method: 'PUT', body: bytes, headers });
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('refuses a second upload to the same URL', async () => {
    const { start } = await upload(srv, c.owner, await png(10, 10));
    const again = await fetch(start.body.uploadUrl, { method: 'PUT', body: await png(10, 10) });
    expect(again.status).toBe(409);
    expect(appCode(await again.json())).toBe('ALREADY_UPLOADED');
  });

  it('refuses a forged or edited upload URL', async () => {
    const { start } = await call<{ uploadUrl: string }>(srv.url, 'POST', '/media/v1/files/generate-upload-url', {
      auth: c.owner,
      body: { mimeType: 'image/png' },
    }).then((r) => ({ start: r }));
    const forged = start.body.uploadUrl.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'));
    const res = await fetch(forged, { method: 'PUT', body: await png(10, 10) });
    expect(res.status).toBe(403);
    expect(appCode(await res.json())).toBe('INVALID_UPLOAD_URL');
  });
});

describe('refused bytes', () => {
  it('a declared picture that is something else: 400, and the file is FAILED with the reason', async () => {
    const zip = Buffer.from('504b0304140000000800', 'hex');
    const { put } = await upload(srv, c.owner, Buffer.concat([zip, Buffer.alloc(200)]));
    expect(put.status).toBe(400);
    expect(appCode(put.body)).toBe('FILE_TYPE_MISMATCH');
    const id = (put.body as unknown as { details: { applicationError: { data: { file: FileDescriptor } } } }).details
      .applicationError.data.file.id;
    const failed = await settled(srv, c.owner, id);
    expect(failed.operationStatus).toBe('FAILED');
    expect(failed.failureReason).toMatch(/declared as image\/png but its contents are application\/zip/);
  });

  it('text declared as a picture', async () => {
    const { put } = await upload(srv, c.owner, 'just some words, not a picture');
    expect(put.status).toBe(400);
    expect(appCode(put.body)).toBe('FILE_TYPE_MISMATCH');
  });

  it('a declared size over the limit, and more bytes than declared', async () => {
    const big = await call(srv.url, 'POST', '/media/v1/files/generate-upload-url', {
      auth: c.owner,
      body: { mimeType: 'image/png', sizeInBytes: String(26 * 1024 * 1024) },
    });
    expect(big.status).toBe(400);
    expect(violations(big.body)).toEqual(['sizeInBytes:MAX_SIZE']);
    const { put } = await upload(srv, c.owner, await png(300, 300), { sizeInBytes: '100' });
    expect(put.status).toBe(413);
  });

  it('a file name with a path in it', async () => {
    for (const fileName of ['../../etc/passwd', 'a\\b.png', '..', 'x\u0000.png']) {
      const res = await call(srv.url, 'POST', '/media/v1/files/generate-upload-url', {
        auth: c.owner,
        body: { mimeType: 'image/png', fileName },
      });
      expect(res.status, fileName).toBe(400);
      expect(violations(res.body)[0]).toMatch(/^fileName:/);
    }
  });

  it('an SVG with a script or an event handler; a plain SVG becomes a vector with a preview', async () => {
    for (const svg of [
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect onload="alert(1)" width="5" height="5"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><rect width="5" height="5"/></a></svg>',
    ]) {
      const { put } = await upload(srv, c.owner, svg, { mimeType: 'image/svg+xml', fileName: 'logo.svg' });
      expect(put.status, svg).toBe(400);
      expect(appCode(put.body)).toBe('FILE_UNSAFE_CONTENT');
    }
    const clean =
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="20"><rect width="40" height="20" fill="teal"/></svg>';
    const { put } = await upload(srv, c.owner, clean, { mimeType: 'image/svg+xml', fileName: 'logo.svg' });
    expect(put.status).toBe(200);
    const file = await settled(srv, c.owner, put.body.file.id);
    expect(file.mediaType).toBe('VECTOR');
    expect(file.media.vector?.sanitized).toBe(true);
    expect(file.media.vector?.previewImage?.url).toBeTruthy();
    const served = await fetch(file.url);
    expect(served.headers.get('content-security-policy')).toMatch(/sandbox/);
  });
});

describe('who may upload', () => {
  it('nobody without a token; members and visitors not into the library', async () => {
    expect(
      (await call(srv.url, 'POST', '/media/v1/files/generate-upload-url', { body: { mimeType: 'image/png' } })).status,
    ).toBe(401);
    const intoLibrary = await call(srv.url, 'POST', '/media/v1/files/generate-upload-url', {
      auth: c.visitor,
      body: { mimeType: 'image/png', parentFolderId: 'media-root' },
    });
    expect(intoLibrary.status).toBe(403);
    const notPicture = await call(srv.url, 'POST', '/media/v1/files/generate-upload-url', {
      auth: c.memberA.auth,
      body: { mimeType: 'application/pdf' },
    });
    expect(violations(notPicture.body)).toEqual(['mimeType:VALIDATION']);
    for (const auth of [c.visitor, c.memberA.auth]) {
      expect((await call(srv.url, 'GET', '/media/v1/files', { auth })).status).toBe(403);
    }
  });

  it('a visitor uploads a review photo into the visitor uploads, sees it, and nobody else but the owner does', async () => {
    const mine = await readyPicture(srv, c.visitor, {}, await png(640, 480));
    expect(mine.parentFolderId).toBe('visitor-uploads-root');
    const other = `Bearer ${await srv.visitorToken()}`;
    expect(
      (await call(srv.url, 'GET', `/media/v1/files/get-file-by-id?fileId=${mine.id}`, { auth: other })).status,
    ).toBe(404);
    expect(
      (await call(srv.url, 'GET', `/media/v1/files/get-file-by-id?fileId=${mine.id}`, { auth: c.memberA.auth })).status,
    ).toBe(404);
    expect(
      (await call(srv.url, 'GET', `/media/v1/files/get-file-by-id?fileId=${mine.id}`, { auth: keys.media })).status,
    ).toBe(200);
    const visitorRoot = await call<{ files: FileDescriptor[] }>(srv.url, 'POST', '/media/v1/files/search', {
      auth: c.owner,
      body: { rootFolder: 'VISITOR_UPLOADS_ROOT' },
    });
    expect(visitorRoot.body.files.map((f) => f.id)).toContain(mine.id);
    const library = await call<{ files: FileDescriptor[] }>(srv.url, 'POST', '/media/v1/files/search', {
      auth: c.owner,
      body: {},
    });
    expect(library.body.files.map((f) => f.id)).not.toContain(mine.id);
  });

  it('a visitor has a daily quota', async () => {
    const quota = await startTestServer({ env: { PLAZA_MEDIA_VISITOR_DAILY_FILES: '2' } });
    try {
      const visitor = `Bearer ${await quota.visitorToken()}`;
      const ask = () =>
        call(quota.url, 'POST', '/media/v1/files/generate-upload-url', {
          auth: visitor,
          body: { mimeType: 'image/png' },
        });
      expect((await ask()).status).toBe(200);
      expect((await ask()).status).toBe(200);
      const third = await ask();
      expect(third.status).toBe(429);
      expect(appCode(third.body)).toBe('UPLOAD_QUOTA_EXCEEDED');
    } finally {
      await quota.close();
    }
  });
});

describe('private files and signed links', () => {
  it('a private file is reachable only through its signed, expiring link', async () => {
    const file = await readyPicture(srv, c.owner, { private: true });
    expect(file.url).toContain('?t=');
    expect(file.urlExpirationDate).toBeTruthy();
    const plain = file.url.split('?')[0]!;
    expect((await fetch(plain)).status).toBe(403);
    expect((await fetch(file.url)).status).toBe(200);
    const links = await call<{ downloadUrls: Array<{ url: string; assetKey: string }> }>(
      srv.url,
      'POST',
      '/media/v1/files/generate-file-download-url',
      {
        auth: c.owner,
        body: {
          fileId: file.id,
          downloadFileName: 'poster.png',
          assetKeys: ['original', 'preview'],
          contentDisposition: 'ATTACHMENT',
        },
      },
    );
    expect(links.body.downloadUrls.map((u) => u.assetKey)).toEqual(['original', 'preview']);
    const dl = await fetch(links.body.downloadUrls[0]!.url);
    expect(dl.headers.get('content-disposition')).toMatch(/^attachment; filename="poster.png"/);
    const unknown = await call(srv.url, 'POST', '/media/v1/files/generate-file-download-url', {
      auth: c.owner,
      body: { fileId: file.id, assetKeys: ['w9000'] },
    });
    expect(violations(unknown.body)).toEqual(['assetKeys[0]:INVALID_ENUM_VALUE']);
  });

  it('an expired link answers 410, or sends the browser to expirationRedirectUrl', async () => {
    const file = await readyPicture(srv, c.owner, { private: true });
    const { signToken } = await import('./tokens.js');
    const past = Date.now() - 1000;
    const base = file.url.split('?')[0]!;
    const expired = `${base}?t=${signToken(srv.ctx(), 'media-download', { f: file.id, a: 'original', e: past })}`;
    expect((await fetch(expired)).status).toBe(410);
    const redirecting = `${base}?t=${signToken(srv.ctx(), 'media-download', { f: file.id, a: 'original', e: past, r: 'https://shop.example/expired' })}`;
    const res = await fetch(redirecting, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('https://shop.example/expired');
    const otherFile = `${srv.url}/media/v1/f/${c.ownerId}/original/x.png?t=${new URL(file.url).searchParams.get('t')}`;
    expect((await fetch(otherFile)).status).toBe(404);
  });

  it('several files download as one ZIP', async () => {
    const [a, b] = await Promise.all([
      readyPicture(srv, c.owner, { fileName: 'same.png' }),
      readyPicture(srv, c.owner, { fileName: 'same.png' }),
    ]);
    const res = await call<{ downloadUrl: string }>(srv.url, 'POST', '/media/v1/files/generate-download-url', {
      auth: c.owner,
      body: { fileIds: [a.id, b.id] },
    });
    const zip = Buffer.from(await (await fetch(res.body.downloadUrl)).arrayBuffer());
    const { unzipSync } = await import('fflate');
    const entries = unzipSync(zip);
    expect(Object.keys(entries).sort()).toEqual(['same (2).png', 'same.png']);
    expect(entries['same.png']!.length).toBe(Number(a.sizeInBytes));
  });
});

describe('trash', () => {
  it('bulk delete to the trash, restore, then delete for good removes the bytes', async () => {
    const file = await readyPicture(srv, c.owner);
    const del = await call(srv.url, 'POST', '/media/v1/bulk/files/delete', {
      auth: c.owner,
      body: { fileIds: [file.id] },
    });
    expect(del.status).toBe(200);
    expect((await fetch(file.url)).status).toBe(404);
    const trash = await call<{ files: FileDescriptor[] }>(srv.url, 'GET', '/media/v1/trash-bin/files', {
      auth: c.owner,
    });
    expect(trash.body.files.find((f) => f.id === file.id)?.state).toBe('DELETED');
    await call(srv.url, 'POST', '/media/v1/bulk/trash-bin/files/restore', {
      auth: c.owner,
      body: { fileIds: [file.id] },
    });
    expect((await fetch(file.url)).status).toBe(200);
    const objects = path.join(srv.config.media.dir, 'objects', file.hash!);
    expect(existsSync(path.join(objects, file.id))).toBe(true);
    await call(srv.url, 'POST', '/media/v1/bulk/files/delete', {
      auth: c.owner,
      body: { fileIds: [file.id], permanent: true },
    });
    expect(
      (await call(srv.url, 'GET', `/media/v1/files/get-file-by-id?fileId=${file.id}`, { auth: c.owner })).status,
    ).toBe(404);
    expect(existsSync(path.join(objects, file.id)) && readdirSync(path.join(objects, file.id)).length).toBeFalsy();
  });

  it('unknown ids are a 404 naming the id, and nothing changes', async () => {
    const file = await readyPicture(srv, c.owner);
    const res = await call(srv.url, 'POST', '/media/v1/bulk/files/delete', {
      auth: c.owner,
      body: { fileIds: [file.id, 'nope'] },
    });
    expect(res.status).toBe(404);
    expect(
      (
        await call<{ file: FileDescriptor }>(srv.url, 'GET', `/media/v1/files/get-file-by-id?fileId=${file.id}`, {
          auth: c.owner,
        })
      ).body.file.state,
    ).toBe('OK');
  });
});
