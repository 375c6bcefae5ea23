import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileDescriptor, MediaFolder } from '@plaza/contracts';
import { startTestServer } from '../../test/harness.js';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { eventsOf } from '../../store/catalog/testing.js';
import { importNet } from './import.service.js';
import { png, readyPicture, settled } from './testing.js';

const { srv, c } = serverSuite({ cast: true });
let picture: Buffer;
/** A loopback site with a picture, a protected picture and a redirect. */
let site: http.Server;
let siteUrl: string;
/** A second loopback site (127.0.0.2) that the redirect test treats as public. */
let hop: http.Server;
let hopUrl: string;

const listen = (server: http.Server, host: string) =>
  new Promise<string>((resolve) =>
    server.listen(0, host, () => resolve(`http://${host}:${(server.address() as AddressInfo).port}`)),
  );

beforeAll(async () => {
  picture = await png(900, 600, { r: 10, g: 120, b: 200 });
  site = http.createServer((req, res) => {
    if (req.url === '/secret.png' && req.headers.authorization !== 'Bearer let-me-in')
      return void res.writeHead(401).end();
    if (req.url?.startsWith('/mug.png') || req.url === '/secret.png')
      return void res.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    res.writeHead(404).end();
  });
  siteUrl = await listen(site, '127.0.0.1');
  hop = http.createServer((_req, res) => res.writeHead(302, { location: `${siteUrl}/mug.png` }).end());
  hopUrl = await listen(hop, '127.0.0.2');
}, 120_000);
afterAll(async () => {
  site?.close();
  hop?.close();
});

const post = <T = Record<string, unknown>>(p: string, body: unknown, auth = c.owner) =>
  call<T>(srv.url, 'POST', p, { auth, body });

describe('folders', () => {
  let shop: MediaFolder;
  it('create, nest by path, rename, move, and never inside itself', async () => {
    shop = (await post<{ folder: MediaFolder }>('/media/v1/folders', { displayName: 'Shop' })).body.folder;
    expect(shop.parentFolderId).toBe('media-root');
    const file = await readyPicture(srv, c.owner, { parentFolderId: shop.id, filePath: 'Mugs/Blue' });
    const mugs = (
      await call<{ folders: MediaFolder[] }>(srv.url, 'GET', `/media/v1/folders?parentFolderId=${shop.id}`, {
        auth: c.owner,
      })
    ).body.folders;
    expect(mugs.map((f) => f.displayName)).toEqual(['Mugs']);
    const blue = (
      await call<{ folders: MediaFolder[] }>(srv.url, 'GET', `/media/v1/folders?parentFolderId=${mugs[0]!.id}`, {
        auth: c.owner,
      })
    ).body.folders[0]!;
    expect(file.parentFolderId).toBe(blue.id);
    const renamed = await call<{ folder: MediaFolder }>(srv.url, 'PATCH', `/media/v1/folders/${shop.id}`, {
      auth: c.owner,
      body: { folder: { displayName: 'Store' }, fieldMask: { paths: ['displayName'] } },
    });
    expect(renamed.body.folder.displayName).toBe('Store');
    const loop = await call(srv.url, 'PATCH', `/media/v1/folders/${shop.id}`, {
      auth: c.owner,
      body: { folder: { parentFolderId: blue.id }, fieldMask: { paths: ['parentFolderId'] } },
    });
    expect(violations(loop.body)).toEqual(['folder.parentFolderId:VALIDATION']);
    const badMask = await call(srv.url, 'PATCH', `/media/v1/folders/${shop.id}`, {
      auth: c.owner,
      body: { folder: { displayName: 'x' }, fieldMask: { paths: ['state'] } },
    });
    expect(violations(badMask.body)).toEqual(['fieldMask.paths[0]:FIELD_NOT_ALLOWED']);
    expect(violations((await post('/media/v1/folders', { displayName: 'x', parentFolderId: 'nope' })).body)).toEqual([
      'parentFolderId:VALIDATION',
    ]);
    expect((await post('/media/v1/folders', { displayName: 'x' }, c.memberA.auth)).status).toBe(403);
  });

  it('a folder goes to the trash with what is inside, and comes back with it', async () => {
    const folder = (await post<{ folder: MediaFolder }>('/media/v1/folders', { displayName: 'Old season' })).body
      .folder;
    const file = await readyPicture(srv, c.owner, { parentFolderId: folder.id });
    await post('/media/v1/bulk/folders/delete', { folderIds: [folder.id] });
    expect((await fetch(file.url)).status).toBe(404);
    const trashed = await call<{ folders: MediaFolder[] }>(srv.url, 'GET', '/media/v1/trash-bin/folders', {
      auth: c.owner,
    });
    expect(trashed.body.folders.map((f) => f.id)).toContain(folder.id);
    await post('/media/v1/bulk/trash-bin/folders/restore', { folderIds: [folder.id] });
    expect((await fetch(file.url)).status).toBe(200);
    expect(violations((await post('/media/v1/bulk/folders/delete', { folderIds: ['media-root'] })).body)).toEqual([
      'folderIds:VALIDATION',
    ]);
  });
});

describe('descriptors', () => {
  it('update with a field mask: name, labels, folder, focal point; events say what changed', async () => {
    const file = await readyPicture(srv, c.owner);
    const res = await call<{ file: FileDescriptor }>(srv.url, 'PATCH', '/media/v1/files/update-file-descriptor', {
      auth: c.owner,
      body: {
        file: {
          id: file.id,
          displayName: 'Hero banner',
          labels: ['summer', 'summer', 'hero'],
          focalPoint: { x: 0.2, y: 0.7 },
        },
        fieldMask: { paths: ['displayName', 'labels', 'focalPoint'] },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.file.displayName).toBe('Hero banner');
    expect(res.body.file.labels).toEqual(['summer', 'hero']);
    expect(res.body.file.media.image?.focalPoint).toEqual({ x: 0.2, y: 0.7 });
    expect(await eventsOf(srv, file.id)).toEqual([
      'media.file_descriptor.created',
      'media.file_descriptor.file_ready',
      'media.file_descriptor.updated',
    ]);
    const bad = await call(srv.url, 'PATCH', '/media/v1/files/update-file-descriptor', {
      auth: c.owner,
      body: { file: { id: file.id, focalPoint: { x: 2, y: 0 } }, fieldMask: { paths: ['focalPoint'] } },
    });
    expect(bad.status).toBe(400);
    const many = await post<{ files: FileDescriptor[] }>('/media/v1/files/get-files', { fileIds: [file.id] });
    expect(many.body.files[0]!.displayName).toBe('Hero banner');
    expect((await post('/media/v1/files/get-files', { fileIds: [file.id, 'missing'] })).status).toBe(404);
  });

  it('search finds words at the start of names and labels, with filters, sort, paging and a total', async () => {
    await readyPicture(srv, c.owner, { fileName: 'Red-mugs_2024.png', labels: ['kitchen'] });
    await readyPicture(srv, c.owner, { fileName: 'blue plate.png', labels: ['kitchen', 'Mugshot'] });
    await readyPicture(srv, c.owner, { fileName: 'garden.png' });
    const search = (body: object) =>
      post<{ files: FileDescriptor[]; nextCursor: { total?: number; cursors: { next?: string } } }>(
        '/media/v1/files/search',
        body,
      );
    const mug = await search({ search: 'mug' });
    expect(mug.body.files.map((f) => f.displayName).sort()).toEqual(['Red-mugs_2024.png', 'blue plate.png']);
    expect(mug.body.nextCursor.total).toBe(2);
    expect((await search({ search: 'kitchen red' })).body.files.map((f) => f.displayName)).toEqual([
      'Red-mugs_2024.png',
    ]);
    expect((await search({ search: 'mug', mediaTypes: ['VIDEO'] })).body.files).toEqual([]);
    const sorted = await search({
      search: 'mug',
      sort: { fieldName: 'displayName', order: 'ASC' },
      paging: { limit: 1 },
    });
    expect(sorted.body.files.map((f) => f.displayName)).toEqual(['blue plate.png']);
    const next = await search({ paging: { limit: 1, cursor: sorted.body.nextCursor.cursors.next } });
    expect(next.body.files.map((f) => f.displayName)).toEqual(['Red-mugs_2024.png']);
    // Newest first, a page at a time: the first page comes from the newest files in date order, the last from the
    // word index; together they are every match once, and the last page knows the total.
    const newest = await search({ search: 'mug', paging: { limit: 1 } });
    expect(newest.body.files.map((f) => f.displayName)).toEqual(['blue plate.png']);
    expect(newest.body.nextCursor.total).toBeUndefined();
    const older = await search({ paging: { limit: 1, cursor: newest.body.nextCursor.cursors.next } });
    expect(older.body.files.map((f) => f.displayName)).toEqual(['Red-mugs_2024.png']);
    expect(older.body.nextCursor.total).toBe(2);
    expect(violations((await search({ paging: { cursor: 'forged.cursor' } })).body)).toEqual(['paging.cursor:FORMAT']);
    expect((await search({ search: '%_*:&|!' })).status).toBe(200);
    const list = await call<{ files: FileDescriptor[] }>(
      srv.url,
      'GET',
      '/media/v1/files?mediaTypes=IMAGE&sort=displayName:ASC&limit=100',
      { auth: c.owner },
    );
    const names = list.body.files.map((f) => f.displayName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect((await call(srv.url, 'GET', '/media/v1/files?sort=owner', { auth: c.owner })).status).toBe(400);
  });
});

describe('import from a URL', () => {
  it('refuses loopback, private and non-http addresses at once', async () => {
    for (const url of [
      `${siteUrl}/mug.png`,
      'http://[::1]/x.png',
      'http://localhost/x.png',
      'http://169.254.169.254/latest',
      'http://[::ffff:127.0.0.1]/',
    ]) {
      const res = await post('/media/v1/files/import', { url });
      expect(res.status, url).toBe(400);
      expect(violations(res.body), url).toEqual(['url:VALIDATION']);
    }
    expect(violations((await post('/media/v1/files/import', { url: 'file:///etc/passwd' })).body)).toEqual([
      'url:FORMAT',
    ]);
    expect(violations((await post('/media/v1/files/import', { url: 'http://user:pw@example.com/' })).body)).toEqual([
      'url:FORMAT',
    ]);
    expect((await post('/media/v1/files/import', { url: 'https://example.com/a.png' }, c.visitor)).status).toBe(403);
  });

  it('a public site that redirects to a loopback address: the file fails, nothing is fetched from it', async () => {
    let fetched = 0;
    site.on('request', () => fetched++);
    importNet.isPublic = (ip) => ip === '127.0.0.2';
    try {
      const res = await post<{ file: FileDescriptor }>('/media/v1/files/import', { url: `${hopUrl}/go` });
      expect(res.status).toBe(200);
      const file = await settled(srv, c.owner, res.body.file.id);
      expect(file.operationStatus).toBe('FAILED');
      expect(file.failureReason).toMatch(/127\.0\.0\.1 is a private or reserved address/);
      expect(fetched).toBe(0);
    } finally {
      delete importNet.isPublic;
    }
  });

  it('with private imports allowed (a LAN install): fetches with params and headers, per-item bulk results', async () => {
    const lan = await startTestServer({ env: { PLAZA_MEDIA_IMPORT_ALLOW_PRIVATE: 'on' } });
    try {
      const auth = await lan.createApiKey(['media']);
      const one = await call<{ file: FileDescriptor }>(lan.url, 'POST', '/media/v1/files/import', {
        auth,
        body: { url: `${siteUrl}/mug.png`, urlParams: { size: 'large' }, displayName: 'Mug', labels: ['imported'] },
      });
      expect(one.status).toBe(200);
      const file = await settled(lan, auth, one.body.file.id);
      expect(file.operationStatus).toBe('READY');
      expect(file.sourceUrl).toBe(`${siteUrl}/mug.png?size=large`);
      expect(file.media.image?.image.width).toBe(900);
      const secret = await call<{ file: FileDescriptor }>(lan.url, 'POST', '/media/v1/files/import', {
        auth,
        body: { url: `${siteUrl}/secret.png`, urlHeaders: { authorization: 'Bearer let-me-in' } },
      });
      expect((await settled(lan, auth, secret.body.file.id)).operationStatus).toBe('READY');
      const missing = await call<{ file: FileDescriptor }>(lan.url, 'POST', '/media/v1/files/import', {
        auth,
        body: { url: `${siteUrl}/nothing.png` },
      });
      const failed = await settled(lan, auth, missing.body.file.id);
      expect(failed.failureReason).toMatch(/answered 404/);
      const bulk = await call<{
        results: Array<{
          itemMetadata: { success: boolean; originalIndex: number; error?: { code: string } };
          item?: FileDescriptor;
        }>;
        bulkActionMetadata: { totalSuccesses: number; totalFailures: number };
      }>(lan.url, 'POST', '/media/v1/bulk/files/import-v2', {
        auth,
        body: {
          returnEntity: true,
          importFileRequests: [{ url: `${siteUrl}/mug.png` }, { url: 'ftp://example.com/x' }],
        },
      });
      expect(bulk.body.bulkActionMetadata).toMatchObject({ totalSuccesses: 1, totalFailures: 1 });
      expect(bulk.body.results[0]!.item?.operationStatus).toBe('PENDING');
      expect(bulk.body.results[1]!.itemMetadata).toMatchObject({
        success: false,
        originalIndex: 1,
        error: { code: 'VALIDATION' },
      });
      const allOrNothing = await call(lan.url, 'POST', '/media/v1/bulk/files/import', {
        auth,
        body: { importFileRequests: [{ url: `${siteUrl}/mug.png` }, { url: 'nope' }] },
      });
      expect(violations(allOrNothing.body)).toEqual(['importFileRequests[1].url:FORMAT']);
      expect(appCode(allOrNothing.body)).toBeUndefined();
    } finally {
      await lan.close();
    }
  });
});
