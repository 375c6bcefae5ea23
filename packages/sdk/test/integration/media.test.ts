/**
 * The media module against the real server: uploadFile picks a direct PUT or a resumable TUS upload by size and
 * resumes after a dropped connection; folders, search, update, signed links and the trash through the SDK.
 */
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../../../server/src/test/harness.js';
import { importNet } from '../../../server/src/platform/media/import.service.js';
import { ApiKeyStrategy, createClient, isPlazaError } from '../../src/index.js';
import { enterpriseMedia, files, folders, uploadFile } from '../../src/modules/media/index.js';

let srv: Awaited<ReturnType<typeof startTestServer>>;
let admin: ReturnType<typeof makeClient>;
const makeClient = (apiKey: string) =>
  createClient({ baseUrl: srv.url, auth: ApiKeyStrategy({ apiKey }), modules: { files, folders, enterpriseMedia } });
const noisy = (size: number) =>
  sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .png()
    .toBuffer();
const ready = async (id: string) => {
  for (let i = 0; i < 300; i++) {
    const { file } = await admin.files.getFileDescriptor(id);
    if (file.operationStatus !== 'PENDING') return file;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('still pending');
};

beforeAll(async () => {
  srv = await startTestServer();
  admin = makeClient(await srv.createApiKey(['media']));
}, 90_000);
afterAll(() => srv?.close());
afterEach(() => vi.restoreAllMocks());

describe('uploadFile', () => {
  it('a small file goes up with one PUT, with progress', async () => {
    const bytes = await noisy(200);
    const progress: number[] = [];
    const file = await uploadFile(admin, new Blob([bytes], { type: 'image/png' }), {
      fileName: 'small.png',
      labels: ['sdk'],
      onProgress: (sent) => progress.push(sent),
    });
    expect(file.displayName).toBe('small.png');
    expect(progress.at(-1)).toBe(bytes.length);
    expect((await ready(file.id)).operationStatus).toBe('READY');
  });

  it('a big file goes resumable in chunks and picks up after a dropped connection', async () => {
    const bytes = await noisy(700);
    const real = globalThis.fetch;
    let patches = 0;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      // The second chunk's connection drops before the server answers.
      if (init?.method === 'PATCH' && ++patches === 2) throw new TypeError('fetch failed');
      return real(input, init);
    });
    const progress: number[] = [];
    const file = await uploadFile(admin, new Blob([bytes], { type: 'image/png' }), {
      fileName: 'big.png',
      resumableAbove: 100 * 1024,
      chunkSize: 256 * 1024,
      onProgress: (sent) => progress.push(sent),
    });
    expect(patches).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(bytes.length);
    const done = await ready(file.id);
    expect(done.operationStatus).toBe('READY');
    expect(Buffer.from(await (await real(done.url)).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('bytes that are not what was declared fail with the reason', async () => {
    const err = await uploadFile(admin, new Blob(['not a picture'], { type: 'image/png' }), {
      fileName: 'x.png',
    }).catch((e: unknown) => e);
    expect(isPlazaError(err) && err.status).toBe(400);
    expect(isPlazaError(err) && err.details.applicationError?.code).toBe('FILE_TYPE_MISMATCH');
  });
});

describe('files and folders', () => {
  it('organise, find, link and trash', async () => {
    const { folder } = await admin.folders.createFolder({ displayName: 'Catalogue' });
    const file = await uploadFile(admin, new Blob([await noisy(100)], { type: 'image/png' }), {
      fileName: 'teapot.png',
      parentFolderId: folder.id,
    });
    await ready(file.id);
    const { file: renamed } = await admin.files.updateFileDescriptor(
      { id: file.id, displayName: 'Green teapot', labels: ['kitchen'] },
      ['displayName', 'labels'],
    );
    expect(renamed.displayName).toBe('Green teapot');
    const { files: found } = await admin.files.searchFiles({ search: 'teapot kitchen' });
    expect(found.map((f) => f.id)).toEqual([file.id]);
    const { files: inFolder } = await admin.files.listFiles({ parentFolderId: folder.id });
    expect(inFolder.map((f) => f.id)).toEqual([file.id]);
    const paged = await admin.files.listFiles({ parentFolderId: folder.id, paging: { limit: 1 } });
    expect([paged.files.map((f) => f.id), paged.nextCursor.cursors.next]).toEqual([[file.id], undefined]);
    const twice = await admin.files.listFiles({ limit: 1, paging: { limit: 1 } }).catch((e: unknown) => e);
    expect(isPlazaError(twice) && twice.status).toBe(400);
    const { downloadUrls } = await admin.files.generateFileDownloadUrl({ fileId: file.id, expirationInMinutes: 5 });
    expect((await fetch(downloadUrls[0]!.url)).status).toBe(200);
    await admin.folders.bulkDeleteFolders([folder.id]);
    expect((await admin.files.listDeletedFiles({ paging: { limit: 100 } })).files.map((f) => f.id)).toContain(file.id);
    await admin.folders.bulkRestoreFoldersFromTrashBin([folder.id]);
    expect((await admin.files.getFileDescriptor(file.id)).file.state).toBe('OK');
    const err = await admin.files.getFileDescriptor('nope').catch((e: unknown) => e);
    expect(isPlazaError(err) && err.status).toBe(404);
  });
});

describe('enterprise media', () => {
  it('a category and an item of library files', async () => {
    const logo = await uploadFile(admin, new Blob([await noisy(64)], { type: 'image/png' }), { fileName: 'brand.png' });
    await ready(logo.id);
    const { category } = await admin.enterpriseMedia.createCategory({ name: 'Logos' });
    const { item } = await admin.enterpriseMedia.createItem({
      title: 'Main logo',
      categoryId: category.id,
      assets: { image: [logo.id] },
    });
    expect(item.assets.image?.[0]?.displayName).toBe('brand.png');
    const { items } = await admin.enterpriseMedia.listItems({ categoryId: category.id });
    expect(items.map((i) => i.id)).toEqual([item.id]);
    const err = await admin.enterpriseMedia.deleteCategory(category.id).catch((e: unknown) => e);
    expect(isPlazaError(err) && err.details.applicationError?.code).toBe('CATEGORY_NOT_EMPTY');
  });
});

describe('bulkImportFiles (all or nothing)', () => {
  // cdn.example.com plays a public site on a loopback address, so nothing leaves the machine.
  beforeAll(() => {
    importNet.resolver = async () => [{ address: '127.0.0.2', family: 4 }];
    importNet.isPublic = (ip) => ip === '127.0.0.2';
  });
  afterAll(() => {
    delete importNet.resolver;
    delete importNet.isPublic;
  });
  it('answers every file PENDING at once, or refuses the whole call for one bad URL and imports nothing', async () => {
    const named = async () =>
      (await admin.files.listFiles()).files.map((f) => f.displayName).filter((n) => n.startsWith('bulk-'));
    const { files: made } = await admin.files.bulkImportFiles([
      { url: 'https://cdn.example.com/a.png', displayName: 'bulk-A' },
      { url: 'https://cdn.example.com/b.png', displayName: 'bulk-B' },
    ]);
    expect(made.map((f) => [f.displayName, f.operationStatus])).toEqual([
      ['bulk-A', 'PENDING'],
      ['bulk-B', 'PENDING'],
    ]);
    expect((await named()).sort()).toEqual(['bulk-A', 'bulk-B']);
    const refused = await admin.files
      .bulkImportFiles([{ url: 'https://cdn.example.com/c.png', displayName: 'bulk-C' }, { url: 'nope' }])
      .catch((e: unknown) => e);
    expect(isPlazaError(refused) && refused.status).toBe(400);
    expect(
      isPlazaError(refused) &&
        refused.details.validationError?.fieldViolations?.map((v) => `${v.field}:${v.violatedRule}`),
    ).toEqual(['importFileRequests[1].url:FORMAT']);
    expect((await named()).sort()).toEqual(['bulk-A', 'bulk-B']);
  });
});
