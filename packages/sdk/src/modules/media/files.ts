import type {
  BulkDeleteFilesRequest,
  BulkImportFilesRequest,
  BulkImportFilesResponse,
  BulkImportFileV2Request,
  BulkImportFileV2Response,
  FileDescriptor,
  FileResponse,
  FilesResponse,
  GenerateFileDownloadUrlRequest,
  GenerateFileDownloadUrlResponse,
  GenerateResumableUploadUrlRequest,
  GenerateResumableUploadUrlResponse,
  GenerateUploadUrlRequest,
  GenerateUploadUrlResponse,
  ImportFileRequest,
  ImportFileResponse,
  ListFilesOptions,
  ListFilesResponse,
  SearchFilesRequest,
  UpdateFileDescriptorRequest,
} from '@plaza/contracts';
import { bodyMethod, queryMethod } from '../../core/crud.js';
import { defineMethod } from '../../core/method.js';

export type {
  FileDescriptor,
  FileMedia,
  FocalPoint,
  GenerateFileDownloadUrlRequest,
  GenerateUploadUrlRequest,
  ImportFileRequest,
  ListFilesOptions,
  ListFilesQuery,
  ListFilesResponse,
  MediaAsset,
  MediaType,
  RootFolder,
  SearchFilesRequest,
} from '@plaza/contracts';

/*
 * The media library's files (owner, contributors, `media` API keys; visitors and members upload review photos and
 * read their own uploads). To upload bytes, use `uploadFile` from this module: it picks a direct or a resumable
 * upload by size.
 */

const F = '/media/v1/files';

/** @example const { uploadUrl, file } = await client.files.generateFileUploadUrl({ mimeType: 'image/png', fileName: 'mug.png' }); */
export const generateFileUploadUrl = bodyMethod<GenerateUploadUrlRequest, GenerateUploadUrlResponse>(
  `${F}/generate-upload-url`,
  'options',
);
/** A TUS endpoint and token for big files (resumable for 24 hours). */
export const generateFileResumableUploadUrl = bodyMethod<
  GenerateResumableUploadUrlRequest,
  GenerateResumableUploadUrlResponse
>(`${F}/generate-resumable-upload-url`, 'options');
/**
 * The server fetches the URL (public addresses only) and answers the PENDING file at once.
 *
 * @example const { file } = await admin.files.importFile({ url: 'https://cdn.example/mug.jpg', labels: ['mugs'] });
 */
export const importFile = bodyMethod<ImportFileRequest, ImportFileResponse>(`${F}/import`, 'options');
/** Several imports, each on its own: `results[i].itemMetadata.success`. */
export const bulkImportFile = bodyMethod<BulkImportFileV2Request, BulkImportFileV2Response>(
  '/media/v1/bulk/files/import-v2',
  'options',
);
/**
 * Several imports, all or nothing: one refused URL refuses the call and nothing is imported (`bulkImportFile` takes
 * each on its own).
 * @example const { files } = await admin.files.bulkImportFiles([{ url: 'https://cdn.example/a.jpg' }, { url: 'https://cdn.example/b.jpg' }]);
 */
export const bulkImportFiles = defineMethod<
  [importFileRequests: BulkImportFilesRequest['importFileRequests']],
  BulkImportFilesResponse
>({
  argumentNames: ['importFileRequests'],
  request: (importFileRequests) => ({
    method: 'POST',
    path: '/media/v1/bulk/files/import',
    body: { importFileRequests },
  }),
});
/** @example const { file } = await client.files.getFileDescriptor(id); */
export const getFileDescriptor = defineMethod<[fileId: string], FileResponse>({
  argumentNames: ['fileId'],
  request: (fileId) => ({ method: 'GET', path: `${F}/get-file-by-id`, query: { fileId } }),
});
export const getFileDescriptors = defineMethod<[fileIds: string[]], FilesResponse>({
  argumentNames: ['fileIds'],
  request: (fileIds) => ({ method: 'POST', path: `${F}/get-files`, body: { fileIds } }),
});
/**
 * Changes only the fields named in `fieldMask`: displayName, labels, parentFolderId, private, focalPoint.
 *
 * @example await admin.files.updateFileDescriptor({ id, focalPoint: { x: 0.3, y: 0.4 } }, ['focalPoint']);
 */
export const updateFileDescriptor = defineMethod<
  [file: UpdateFileDescriptorRequest['file'], fieldMask: string[]],
  FileResponse
>({
  argumentNames: ['file', 'fieldMask'],
  request: (file, paths) => ({
    method: 'PATCH',
    path: `${F}/update-file-descriptor`,
    body: { file, fieldMask: { paths } },
  }),
});
/**
 * Files in one folder (default the root). Page with `paging: { limit, cursor }` (the previous page's
 * `nextCursor.cursors.next`); the flat `limit` and `cursor` still work.
 *
 * @example const { files, nextCursor } = await admin.files.listFiles({ mediaTypes: ['IMAGE'], paging: { limit: 20 } });
 */
export const listFiles = queryMethod<ListFilesOptions, ListFilesResponse>(F);
/** @example const { files, nextCursor } = await admin.files.searchFiles({ search: 'mug', mediaTypes: ['IMAGE'] }); */
export const searchFiles = bodyMethod<SearchFilesRequest, ListFilesResponse>(`${F}/search`, 'search');
/** One signed link (10 minutes) for files: several come as a ZIP. */
export const generateFilesDownloadUrl = defineMethod<[fileIds: string[]], { downloadUrl: string }>({
  argumentNames: ['fileIds'],
  request: (fileIds) => ({ method: 'POST', path: `${F}/generate-download-url`, body: { fileIds } }),
});
/** Signed, expiring links to a file's renditions, as an attachment or inline. */
export const generateFileDownloadUrl = bodyMethod<GenerateFileDownloadUrlRequest, GenerateFileDownloadUrlResponse>(
  `${F}/generate-file-download-url`,
  'options',
);
export const generateVideoStreamingUrl = defineMethod<
  [fileId: string, format?: 'HLS' | 'DASH'],
  { downloadUrl: { url: string; assetKey: string } }
>({
  argumentNames: ['fileId', 'format'],
  request: (fileId, format) => ({ method: 'POST', path: `${F}/generate-video-stream-url`, body: { fileId, format } }),
});
/** To the trash, or `permanent: true`. */
export const bulkDeleteFiles = defineMethod<[fileIds: string[], permanent?: boolean], Record<string, never>>({
  argumentNames: ['fileIds', 'permanent'],
  request: (fileIds, permanent) => ({
    method: 'POST',
    path: '/media/v1/bulk/files/delete',
    body: { fileIds, permanent } satisfies BulkDeleteFilesRequest,
  }),
});
export const bulkRestoreFilesFromTrashBin = defineMethod<[fileIds: string[]], Record<string, never>>({
  argumentNames: ['fileIds'],
  request: (fileIds) => ({ method: 'POST', path: '/media/v1/bulk/trash-bin/files/restore', body: { fileIds } }),
});
/** Files in the trash, paged as {@link listFiles}. */
export const listDeletedFiles = queryMethod<ListFilesOptions, ListFilesResponse>('/media/v1/trash-bin/files');

/** The module for `createClient({ modules: { files } })`. */
export const files = {
  generateFileUploadUrl,
  generateFileResumableUploadUrl,
  importFile,
  bulkImportFile,
  bulkImportFiles,
  getFileDescriptor,
  getFileDescriptors,
  updateFileDescriptor,
  listFiles,
  searchFiles,
  generateFilesDownloadUrl,
  generateFileDownloadUrl,
  generateVideoStreamingUrl,
  bulkDeleteFiles,
  bulkRestoreFilesFromTrashBin,
  listDeletedFiles,
};

/** A file is usable once READY; FAILED carries `failureReason`. */
export const isSettled = (file: FileDescriptor): boolean => file.operationStatus !== 'PENDING';
