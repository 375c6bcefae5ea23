import type {
  CreateFolderRequest,
  FolderResponse,
  ListFoldersQuery,
  ListFoldersResponse,
  UpdateFolderRequest,
} from '@plaza/contracts';
import { bodyMethod, getMethod, queryMethod, updateMethod } from '../../core/crud.js';
import { defineMethod } from '../../core/method.js';

export type { MediaFolder, ListFoldersQuery, ListFoldersResponse } from '@plaza/contracts';

const D = '/media/v1/folders';

/** @example const { folder } = await admin.folders.createFolder({ displayName: 'Mugs', parentFolderId: 'media-root' }); */
export const createFolder = bodyMethod<CreateFolderRequest, FolderResponse>(D, 'folder');
export const getFolder = getMethod<FolderResponse>(D, 'folder');
/** Folders in a folder (default the root), by name. */
export const listFolders = queryMethod<ListFoldersQuery, ListFoldersResponse>(D);
/** Rename (`displayName`) or move (`parentFolderId`). */
export const updateFolder = updateMethod<UpdateFolderRequest['folder'], FolderResponse>(D, 'folder');
/** To the trash with everything inside, or `permanent: true`. */
export const bulkDeleteFolders = defineMethod<[folderIds: string[], permanent?: boolean], Record<string, never>>({
  argumentNames: ['folderIds', 'permanent'],
  request: (folderIds, permanent) => ({
    method: 'POST',
    path: '/media/v1/bulk/folders/delete',
    body: { folderIds, permanent },
  }),
});
export const bulkRestoreFoldersFromTrashBin = defineMethod<[folderIds: string[]], Record<string, never>>({
  argumentNames: ['folderIds'],
  request: (folderIds) => ({ method: 'POST', path: '/media/v1/bulk/trash-bin/folders/restore', body: { folderIds } }),
});
export const listDeletedFolders = queryMethod<ListFoldersQuery, ListFoldersResponse>('/media/v1/trash-bin/folders');

/** The module for `createClient({ modules: { folders } })`. */
export const folders = {
  createFolder,
  getFolder,
  listFolders,
  updateFolder,
  bulkDeleteFolders,
  bulkRestoreFoldersFromTrashBin,
  listDeletedFolders,
};
