import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  bulkDeleteFiles,
  bulkDeleteFolders,
  bulkRestoreFilesFromTrashBin,
  bulkRestoreFoldersFromTrashBin,
  createFolder,
  generateFileDownloadUrl,
  generateFileResumableUploadUrl,
  generateFileUploadUrl,
  getFileDescriptor,
  importFile,
  listDeletedFiles,
  listDeletedFolders,
  listFiles,
  listFolders,
  searchFiles,
  updateFileDescriptor,
  updateFolder,
  type FilesClient,
  type MediaType,
} from '@plaza/sdk/media';
import { call, invalidating, type FetchClient } from './call.js';

/** What the media library shows: one folder, a search over the whole library, or the trash. */
export interface MediaFileQuery {
  /** A folder's files, or (with `search` or `kind`) every folder's matches; `trash` lists the trash. */
  folder: string;
  search: string;
  kind: MediaType | 'ALL';
  trash: boolean;
  sort: 'createdDate:DESC' | 'displayName:ASC' | 'sizeInBytes:DESC';
  /** Leave out private files (a picker for pages that everyone sees). */
  publicOnly?: boolean;
  cursor?: string;
}

const PAGE = 60;

function listFilesOf(client: FetchClient, q: MediaFileQuery) {
  const page = { limit: PAGE, ...(q.cursor ? { cursor: q.cursor } : {}) };
  if (q.trash) return call(client, listDeletedFiles, { sort: q.sort, ...page });
  const types = q.kind === 'ALL' ? undefined : [q.kind];
  if (!q.search && !types) return call(client, listFiles, { parentFolderId: q.folder, sort: q.sort, ...page });
  const [fieldName, order] = q.sort.split(':') as ['createdDate' | 'displayName' | 'sizeInBytes', 'ASC' | 'DESC'];
  return call(client, searchFiles, {
    ...(q.search ? { search: q.search } : {}),
    ...(q.publicOnly ? { private: false } : {}),
    ...(types ? { mediaTypes: types } : {}),
    sort: { fieldName, order },
    paging: page,
  });
}

export const mediaQueries = {
  all: () => ['plaza', 'media'] as const,
  /** A page of files; files still being processed turn READY on their own, so it looks again while one is PENDING. */
  files: (client: FetchClient, query: MediaFileQuery) =>
    queryOptions({
      queryKey: [...mediaQueries.all(), 'files', query] as const,
      queryFn: () => listFilesOf(client, query),
      placeholderData: keepPreviousData,
      refetchInterval: (q) => (q.state.data?.files.some((f) => f.operationStatus === 'PENDING') ? 1500 : false),
    }),
  /** The folders in `parent`, or (with `trash`) the folders in the trash. */
  folders: (client: FetchClient, parent: string, trash = false) =>
    queryOptions({
      queryKey: [...mediaQueries.all(), 'folders', parent, trash] as const,
      queryFn: () =>
        trash ? call(client, listDeletedFolders, {}) : call(client, listFolders, { parentFolderId: parent }),
    }),
};

/** Files and folders together, as the library selects them. */
export interface MediaSelection {
  files: string[];
  folders: string[];
}

const both = (files: Promise<unknown> | undefined, folders: Promise<unknown> | undefined) =>
  Promise.all([files, folders]).then(() => undefined);

const change = <V, R>(client: FetchClient, qc: QueryClient, fn: (client: FetchClient, vars: V) => Promise<R>) =>
  invalidating(qc, mediaQueries.all(), (vars: V) => fn(client, vars));

export const mediaMutations = {
  renameFile: (client: FetchClient, qc: QueryClient) =>
    change(client, qc, (c, v: { id: string; displayName: string }) =>
      call(c, updateFileDescriptor, { id: v.id, displayName: v.displayName }, ['displayName']),
    ),
  setLabels: (client: FetchClient, qc: QueryClient) =>
    change(client, qc, (c, v: { id: string; labels: string[] }) =>
      call(c, updateFileDescriptor, { id: v.id, labels: v.labels }, ['labels']),
    ),
  setFocalPoint: (client: FetchClient, qc: QueryClient) =>
    change(client, qc, (c, v: { id: string; x: number; y: number }) =>
      call(c, updateFileDescriptor, { id: v.id, focalPoint: { x: v.x, y: v.y } }, ['focalPoint']),
    ),
  moveFiles: (client: FetchClient, qc: QueryClient) =>
    change(client, qc, (c, v: { ids: string[]; folder: string }) =>
      Promise.all(
        v.ids.map((id) => call(c, updateFileDescriptor, { id, parentFolderId: v.folder }, ['parentFolderId'])),
      ),
    ),
  /** To the trash, or `permanent`ly. */
  deleteItems: (client: FetchClient, qc: QueryClient) =>
    change(client, qc, (c, v: MediaSelection & { permanent?: boolean }) =>
      both(
        v.files.length ? call(c, bulkDeleteFiles, v.files, v.permanent) : undefined,
        v.folders.length ? call(c, bulkDeleteFolders, v.folders, v.permanent) : undefined,
      ),
    ),
  restoreItems: (client: FetchClient, qc: QueryClient) =>
    change(client, qc, (c, v: MediaSelection) =>
      both(
        v.files.length ? call(c, bulkRestoreFilesFromTrashBin, v.files) : undefined,
        v.folders.length ? call(c, bulkRestoreFoldersFromTrashBin, v.folders) : undefined,
      ),
    ),
  createFolder: (client: FetchClient, qc: QueryClient) =>
    change(client, qc, (c, v: { name: string; parent: string }) =>
      call(c, createFolder, { displayName: v.name, parentFolderId: v.parent }),
    ),
  renameFolder: (client: FetchClient, qc: QueryClient) =>
    change(client, qc, (c, v: { id: string; name: string }) =>
      call(c, updateFolder, v.id, { displayName: v.name }, ['displayName']),
    ),
  importFromUrl: (client: FetchClient, qc: QueryClient) =>
    change(client, qc, (c, v: { url: string; folder: string }) =>
      call(c, importFile, { url: v.url, parentFolderId: v.folder }),
    ),
  /** A signed link that opens the file for `minutes` (nothing stored changes: no invalidation). */
  downloadLink: (client: FetchClient) => ({
    mutationFn: (v: { id: string; minutes: number }) =>
      call(client, generateFileDownloadUrl, {
        fileId: v.id,
        expirationInMinutes: v.minutes,
        contentDisposition: 'INLINE' as const,
      }),
  }),
};

/**
 * The `files` methods `uploadFile` (from `@plaza/sdk/media`) needs, sent through any client.
 *
 * @example
 * const file = await uploadFile(mediaUploadClient(client), picked, { parentFolderId: 'media-root' });
 */
export const mediaUploadClient = (client: FetchClient): FilesClient => ({
  files: {
    generateFileUploadUrl: (o) => call(client, generateFileUploadUrl, o),
    generateFileResumableUploadUrl: (o) => call(client, generateFileResumableUploadUrl, o),
    getFileDescriptor: (id) => call(client, getFileDescriptor, id),
  },
});
