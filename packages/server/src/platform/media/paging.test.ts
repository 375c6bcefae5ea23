import { beforeAll, describe, expect, it } from 'vitest';
import type { FileDescriptor, MediaFolder } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { png, upload } from './testing.js';

// GET lists of files take the spec's `paging.limit` / `paging.cursor` and the flat `limit` / `cursor` alike.
const { srv, c } = serverSuite({ cast: true });
type Page = { files: FileDescriptor[]; nextCursor: { cursors: { next?: string }; total?: number } };
let folder: MediaFolder;
const trashed: string[] = [];

const list = (path: string, query: string) => call<Page>(srv.url, 'GET', `${path}?${query}`, { auth: c.owner });
const ids = (res: { body: Page }) => res.body.files.map((f) => f.id);

/** Walks every page with the given page-size and cursor parameter names; the ids in order. */
async function walk(path: string, filter: string, limitKey: string, cursorKey: string): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 10; i++) {
    const q = cursor ? `${limitKey}=2&${cursorKey}=${encodeURIComponent(cursor)}` : `${filter}&${limitKey}=2`;
    const res = await list(path, q);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.files.length).toBeLessThanOrEqual(2);
    seen.push(...ids(res));
    cursor = res.body.nextCursor.cursors.next;
    if (!cursor) return seen;
  }
  throw new Error('more pages than files');
}

beforeAll(async () => {
  folder = (
    await call<{ folder: MediaFolder }>(srv.url, 'POST', '/media/v1/folders', {
      auth: c.owner,
      body: { displayName: 'Paged' },
    })
  ).body.folder;
  const bytes = await png(40, 30);
  for (let i = 0; i < 5; i++) {
    const { put } = await upload(srv, c.owner, bytes, { parentFolderId: folder.id, fileName: `p${i}.png` });
    expect(put.status).toBe(200);
    if (i < 3) trashed.push(put.body.file.id);
  }
  const del = await call(srv.url, 'POST', '/media/v1/bulk/files/delete', {
    auth: c.owner,
    body: { fileIds: trashed },
  });
  expect(del.status).toBe(200);
}, 120_000);

describe('paging of GET file lists', () => {
  it('paging.limit and paging.cursor page the folder as limit and cursor do', async () => {
    const filter = `parentFolderId=${folder.id}&sort=displayName:ASC`;
    const flat = await walk('/media/v1/files', filter, 'limit', 'cursor');
    const spec = await walk('/media/v1/files', filter, 'paging.limit', 'paging.cursor');
    expect(flat).toHaveLength(2);
    expect(spec).toEqual(flat);
    const one = await list('/media/v1/files', `${filter}&paging.limit=1`);
    expect(one.body.files).toHaveLength(1);
    expect(one.body.nextCursor.cursors.next).toBeTruthy();
    // A cursor from one form is good in the other.
    const mixed = await list('/media/v1/files', `limit=5&paging.cursor=${one.body.nextCursor.cursors.next!}`);
    expect(ids(mixed)).toEqual(flat.slice(1));
  });

  it('the trash bin pages the same way', async () => {
    const filter = `parentFolderId=${folder.id}`;
    const flat = await walk('/media/v1/trash-bin/files', filter, 'limit', 'cursor');
    const spec = await walk('/media/v1/trash-bin/files', filter, 'paging.limit', 'paging.cursor');
    expect([...flat].sort()).toEqual([...trashed].sort());
    expect(spec).toEqual(flat);
  });

  it('a value given both ways, or a bad one, is a 400 naming the field', async () => {
    for (const path of ['/media/v1/files', '/media/v1/trash-bin/files']) {
      const twoLimits = await list(path, 'limit=2&paging.limit=3');
      expect(twoLimits.status).toBe(400);
      expect(violations(twoLimits.body)).toEqual(['paging.limit:VALIDATION']);
      const twoCursors = await list(path, 'cursor=a.b&paging.cursor=a.b');
      expect(violations(twoCursors.body)).toEqual(['paging.cursor:VALIDATION']);
      expect(violations((await list(path, 'paging.cursor=forged.cursor')).body)).toEqual(['paging.cursor:FORMAT']);
      expect(violations((await list(path, 'cursor=forged.cursor')).body)).toEqual(['cursor:FORMAT']);
      expect((await list(path, 'paging.limit=0')).status).toBe(400);
      expect((await list(path, 'paging.limit=101')).status).toBe(400);
      expect((await list(path, 'paging.offset=2')).status).toBe(400);
    }
  });
});
