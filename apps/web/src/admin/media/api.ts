import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bulkDeleteFiles,
  bulkDeleteFolders,
  bulkRestoreFilesFromTrashBin,
  bulkRestoreFoldersFromTrashBin,
  createFolder,
  generateFileDownloadUrl,
  importFile,
  listDeletedFiles,
  listDeletedFolders,
  listFolders,
  searchFiles,
  listFiles,
  updateFileDescriptor,
  updateFolder,
  type MediaType,
} from '@plaza/sdk/media';
import type { PlazaClient } from '../../plaza.js';
import { callMethod, usePlazaClient, useStoreChange } from '../store/api.js';

export const mediaKeys = {
  all: () => ['plaza', 'admin', 'media'] as const,
  files: (q: object) => [...mediaKeys.all(), 'files', q] as const,
  folders: (parent: string, trash: boolean) => [...mediaKeys.all(), 'folders', parent, trash] as const,
};

export { filesClient } from '../../lib/uploads.js';

export interface FileQuery {
  /** A folder's files, or (with `search` or `kind`) every folder's matches; `trash` lists the trash. */
  folder: string;
  search: string;
  kind: MediaType | 'ALL';
  trash: boolean;
  sort: 'createdDate:DESC' | 'displayName:ASC' | 'sizeInBytes:DESC';
  /** Leave out private files (the picker: pages show pictures to everyone). */
  publicOnly?: boolean;
  cursor?: string;
}

/** The files to show: a search over the whole library when a word or kind is chosen, else one folder. */
export function useFiles(q: FileQuery) {
  const plaza = usePlazaClient();
  const types = q.kind === 'ALL' ? undefined : [q.kind];
  const [field, order] = q.sort.split(':') as ['createdDate' | 'displayName' | 'sizeInBytes', 'ASC' | 'DESC'];
  return useQuery({
    queryKey: mediaKeys.files(q),
    queryFn: () => {
      if (q.trash)
        return callMethod(plaza, listDeletedFiles, {
          sort: q.sort,
          limit: 60,
          ...(q.cursor ? { cursor: q.cursor } : {}),
        });
      if (q.search || types)
        return callMethod(plaza, searchFiles, {
          ...(q.search ? { search: q.search } : {}),
          ...(q.publicOnly ? { private: false } : {}),
          ...(types ? { mediaTypes: types } : {}),
          sort: { fieldName: field, order },
          paging: { limit: 60, ...(q.cursor ? { cursor: q.cursor } : {}) },
        });
      return callMethod(plaza, listFiles, {
        parentFolderId: q.folder,
        sort: q.sort,
        limit: 60,
        ...(q.cursor ? { cursor: q.cursor } : {}),
      });
    },
    placeholderData: keepPreviousData,
    // Files still being processed turn READY on their own: look again until none is PENDING.
    refetchInterval: (query) => (query.state.data?.files.some((f) => f.operationStatus === 'PENDING') ? 1500 : false),
  });
}

export function useFolders(parent: string, trash: boolean) {
  const plaza = usePlazaClient();
  return useQuery({
    queryKey: mediaKeys.folders(parent, trash),
    queryFn: () =>
      trash ? callMethod(plaza, listDeletedFolders, {}) : callMethod(plaza, listFolders, { parentFolderId: parent }),
  });
}

export function useMediaChange<V, R>(
  fn: (plaza: PlazaClient, vars: V) => Promise<R>,
  onSuccess?: (r: R, v: V) => void,
) {
  return useStoreChange(mediaKeys.all(), fn, onSuccess);
}

export const mediaCalls = {
  rename: (p: PlazaClient, v: { id: string; displayName: string }) =>
    callMethod(p, updateFileDescriptor, { id: v.id, displayName: v.displayName }, ['displayName']),
  labels: (p: PlazaClient, v: { id: string; labels: string[] }) =>
    callMethod(p, updateFileDescriptor, { id: v.id, labels: v.labels }, ['labels']),
  focus: (p: PlazaClient, v: { id: string; x: number; y: number }) =>
    callMethod(p, updateFileDescriptor, { id: v.id, focalPoint: { x: v.x, y: v.y } }, ['focalPoint']),
  move: (p: PlazaClient, v: { ids: string[]; folder: string }) =>
    Promise.all(
      v.ids.map((id) => callMethod(p, updateFileDescriptor, { id, parentFolderId: v.folder }, ['parentFolderId'])),
    ),
  trash: (p: PlazaClient, v: { files: string[]; folders: string[]; permanent?: boolean }) =>
    Promise.all([
      v.files.length ? callMethod(p, bulkDeleteFiles, v.files, v.permanent) : undefined,
      v.folders.length ? callMethod(p, bulkDeleteFolders, v.folders, v.permanent) : undefined,
    ]),
  restore: (p: PlazaClient, v: { files: string[]; folders: string[] }) =>
    Promise.all([
      v.files.length ? callMethod(p, bulkRestoreFilesFromTrashBin, v.files) : undefined,
      v.folders.length ? callMethod(p, bulkRestoreFoldersFromTrashBin, v.folders) : undefined,
    ]),
  newFolder: (p: PlazaClient, v: { name: string; parent: string }) =>
    callMethod(p, createFolder, { displayName: v.name, parentFolderId: v.parent }),
  renameFolder: (p: PlazaClient, v: { id: string; name: string }) =>
    callMethod(p, updateFolder, v.id, { displayName: v.name }, ['displayName']),
  importUrl: (p: PlazaClient, v: { url: string; folder: string }) =>
    callMethod(p, importFile, { url: v.url, parentFolderId: v.folder }),
  link: (p: PlazaClient, v: { id: string; minutes: number }) =>
    callMethod(p, generateFileDownloadUrl, {
      fileId: v.id,
      expirationInMinutes: v.minutes,
      contentDisposition: 'INLINE',
    }),
};

export const useInvalidateMedia = () => {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: mediaKeys.all() });
};
