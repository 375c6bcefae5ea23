import { beforeAll, describe, expect, it } from 'vitest';
import type { FileDescriptor } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { emptyOldTrash } from './purge.js';
import { readyPicture } from './testing.js';

// Every media route against the wrong callers and a body it can't take: 401 without a token, 403 for members and
// keys of other scopes, 400 with the field named. (Each route's happy path is in the files next to this one.)

const { srv, c } = serverSuite({ cast: true });
let file: FileDescriptor;

beforeAll(async () => {
  file = await readyPicture(srv, c.owner);
}, 120_000);

type Route = [method: string, path: string, badBody?: unknown];
const F = '/media/v1/files';
const managerRoutes: Route[] = [
  ['POST', `${F}/import`, { url: 7 }],
  ['POST', '/media/v1/bulk/files/import', { importFileRequests: [] }],
  ['POST', '/media/v1/bulk/files/import-v2', { importFileRequests: [{}] }],
  ['POST', `${F}/get-files`, { fileIds: [] }],
  ['PATCH', `${F}/update-file-descriptor`, { file: { id: 'x' }, fieldMask: { paths: [] } }],
  ['GET', `${F}?limit=0`],
  ['POST', `${F}/search`, { rootFolder: 'ELSEWHERE' }],
  ['POST', `${F}/generate-download-url`, { fileIds: [] }],
  ['POST', '/media/v1/bulk/files/delete', { fileIds: [] }],
  ['POST', '/media/v1/bulk/trash-bin/files/restore', { fileIds: [''] }],
  ['GET', '/media/v1/trash-bin/files?sort=size'],
  ['POST', '/media/v1/folders', { displayName: '' }],
  ['GET', '/media/v1/folders?limit=500'],
  ['GET', '/media/v1/folders/some-folder'],
  ['PATCH', '/media/v1/folders/some-folder', { folder: {}, fieldMask: { paths: [] } }],
  ['POST', '/media/v1/bulk/folders/delete', { folderIds: [] }],
  ['POST', '/media/v1/bulk/trash-bin/folders/restore', { folderIds: [] }],
  ['GET', '/media/v1/trash-bin/folders?limit=-1'],
  ['POST', '/media/v1/enterprise/categories', { category: {} }],
  ['GET', '/media/v1/enterprise/categories?parentCategoryId='],
  ['GET', '/media/v1/enterprise/items?limit=0'],
  ['POST', '/media/v1/enterprise/items', { item: { title: 'x' } }],
  ['PATCH', '/media/v1/enterprise/items/x', { item: {}, fieldMask: { paths: [] } }],
  ['DELETE', '/media/v1/enterprise/categories/x'],
];
/** Routes visitors and members may call too (their own uploads). */
const uploaderRoutes: Route[] = [
  ['POST', `${F}/generate-upload-url`, { mimeType: 'not a type' }],
  ['POST', `${F}/generate-resumable-upload-url`, { mimeType: 'image/png', uploadProtocol: 'FTP' }],
  ['GET', `${F}/get-file-by-id`],
  ['POST', `${F}/generate-file-download-url`, { fileId: 'x', expirationInMinutes: 0 }],
  ['POST', `${F}/generate-video-stream-url`, { fileId: 'x', format: 'MP4' }],
];
const send = (route: Route, auth?: string, body?: unknown) =>
  call(srv.url, route[0], route[1], {
    ...(auth ? { auth } : {}),
    ...(body !== undefined ? { body } : route[0] === 'GET' || route[0] === 'DELETE' ? {} : { body: {} }),
  });

describe('who may call the media routes', () => {
  it.each([...managerRoutes, ...uploaderRoutes])('%s %s: 401 without a token', async (...route) => {
    expect((await send(route)).status).toBe(401);
  });
  it.each(managerRoutes)('%s %s: 403 for a member, a visitor and another scope’s key', async (...route) => {
    const otherKey = await srv.createApiKey(['catalog']);
    for (const auth of [c.memberA.auth, c.visitor, otherKey]) expect((await send(route, auth)).status, auth).toBe(403);
  });
  it.each(
    [...managerRoutes, ...uploaderRoutes].filter(
      (r) => r[0] !== 'DELETE' && !r[1].includes('/x') && !r[1].includes('some-folder'),
    ),
  )('%s %s: 400 naming the field for what it cannot take', async (...route) => {
    const r = route;
    const res = await send(r, c.owner, r[2]);
    expect(res.status).toBe(400);
    const fv = (res.body as { details?: { validationError?: { fieldViolations?: unknown[] } } }).details
      ?.validationError?.fieldViolations;
    expect(fv?.length).toBeGreaterThan(0);
  });
  it('a member cannot read, link or stream the owner’s files', async () => {
    expect((await call(srv.url, 'GET', `${F}/get-file-by-id?fileId=${file.id}`, { auth: c.memberA.auth })).status).toBe(
      404,
    );
    const link = await call(srv.url, 'POST', `${F}/generate-file-download-url`, {
      auth: c.memberA.auth,
      body: { fileId: file.id },
    });
    expect(link.status).toBe(404);
  });
});

describe('the trash empties itself', () => {
  it('files trashed longer than PLAZA_MEDIA_TRASH_DAYS are deleted for good with their bytes; newer ones stay', async () => {
    const [old, older] = [await readyPicture(srv, c.owner), await readyPicture(srv, c.owner)];
    await call(srv.url, 'POST', '/media/v1/bulk/files/delete', {
      auth: c.owner,
      body: { fileIds: [old.id, older.id] },
    });
    const ctx = srv.ctx();
    // The sweep as it would run 31 days from now (the default keeps 30).
    expect(await emptyOldTrash({ ...ctx, clock: () => new Date(Date.now() + 31 * 86_400_000) })).toBe(2);
    const gone = await call(srv.url, 'GET', `${F}/get-file-by-id?fileId=${old.id}`, { auth: c.owner });
    expect(gone.status).toBe(404);
    expect((await fetch(old.url)).status).toBe(404);
    const soon = await readyPicture(srv, c.owner);
    await call(srv.url, 'POST', '/media/v1/bulk/files/delete', { auth: c.owner, body: { fileIds: [soon.id] } });
    expect(await emptyOldTrash({ ...ctx, clock: () => new Date(Date.now() + 29 * 86_400_000) })).toBe(0);
    expect((await call(srv.url, 'GET', `${F}/get-file-by-id?fileId=${soon.id}`, { auth: c.owner })).status).toBe(200);
  });
});

describe('files in use', () => {
  it('a member’s profile photo and review photo from the visitor uploads get their lastUsedDate', async () => {
    const photo = await readyPicture(srv, c.memberA.auth, { fileName: 'me.png' });
    expect(photo.lastUsedDate).toBeUndefined();
    const res = await call(srv.url, 'PATCH', `/members/v1/members/${c.memberA.id}`, {
      auth: c.memberA.auth,
      body: { member: { profile: { photo: { url: photo.url } } }, fieldMask: { paths: ['profile.photo'] } },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const used = await call<{ file: FileDescriptor }>(srv.url, 'GET', `${F}/get-file-by-id?fileId=${photo.id}`, {
      auth: c.memberA.auth,
    });
    expect(used.body.file.lastUsedDate).toBeTruthy();
    const shot = await readyPicture(srv, c.memberB.auth, { fileName: 'mug.png' });
    const review = await call(srv.url, 'POST', '/reviews/v1/reviews', {
      auth: c.memberB.auth,
      body: { review: { namespace: 'site', entityId: 'store', content: { rating: 5, media: [{ image: shot.url }] } } },
    });
    expect(review.status, JSON.stringify(review.body)).toBe(200);
    const reviewed = await call<{ file: FileDescriptor }>(srv.url, 'GET', `${F}/get-file-by-id?fileId=${shot.id}`, {
      auth: c.memberB.auth,
    });
    expect(reviewed.body.file.lastUsedDate).toBeTruthy();
  });
});
