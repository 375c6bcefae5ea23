import { Type } from 'typebox';
import {
  BulkDeleteFilesRequest,
  BulkImportFilesRequest,
  BulkImportFilesResponse,
  BulkImportFileV2Request,
  BulkImportFileV2Response,
  BulkRestoreFilesRequest,
  FileResponse,
  FilesResponse,
  GenerateDownloadUrlRequest,
  GenerateDownloadUrlResponse,
  GenerateFileDownloadUrlRequest,
  GenerateFileDownloadUrlResponse,
  GenerateResumableUploadUrlRequest,
  GenerateResumableUploadUrlResponse,
  GenerateUploadUrlRequest,
  GenerateUploadUrlResponse,
  GenerateVideoStreamUrlRequest,
  GenerateVideoStreamUrlResponse,
  GetFileByIdQuery,
  GetFilesRequest,
  ImportFileRequest,
  ImportFileResponse,
  ListFilesQuery,
  ListFilesResponse,
  SearchFilesRequest,
  UpdateFileDescriptorRequest,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { managers, uploaders } from './access.js';
import {
  bulkDeleteFiles,
  getFile,
  getFiles,
  listFiles,
  restoreFiles,
  searchFiles,
  updateFile,
} from './files.service.js';
import { bulkImport, bulkImportV2 } from './bulk-import.js';
import { importFile } from './import.service.js';
import { generateDownloadUrl, generateFileDownloadUrl, generateVideoStreamUrl } from './links.service.js';
import { generateResumableUploadUrl, generateUploadUrl } from './upload.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { emptyAfter, routeOptions } from '../../http/route-options.js';

const Empty = Type.Object({});

const route = routeOptions({ tags: ['media'], errors: errorResponses(404, 409, 429), access: managers });

/** The media library's file routes (SPEC.md §7 Media files), served under /media. */
export function mediaFileRoutes(app: App): void {
  registerUploadRoutes(app);
  registerFileReadRoutes(app);
  registerFileLinkRoutes(app);
  registerTrashRoutes(app);
}

/** Bringing files in: direct and resumable uploads, imports from a URL. */
function registerUploadRoutes(app: App): void {
  app.post(
    '/media/v1/files/generate-upload-url',
    route({
      summary: 'Start an upload',
      description:
        'Adds a PENDING file and answers the URL to PUT its bytes to (30 minutes). The bytes are checked against the ' +
        'declared type and the limits; the file becomes READY after processing, or FAILED with `failureReason`. ' +
        'Visitors and members upload pictures into the visitor uploads folder only, a few a day.',
      body: GenerateUploadUrlRequest,
      response: GenerateUploadUrlResponse,
      access: uploaders,
    }),
    async (req) => generateUploadUrl(req.ctx, req.body),
  );
  app.post(
    '/media/v1/files/generate-resumable-upload-url',
    route({
      summary: 'Start a resumable upload (TUS)',
      description:
        'Like generate-upload-url, with a TUS endpoint and the `uploadToken` to send as TUS metadata; an interrupted upload resumes from its offset for 24 hours.',
      body: GenerateResumableUploadUrlRequest,
      response: GenerateResumableUploadUrlResponse,
      access: uploaders,
    }),
    async (req) => generateResumableUploadUrl(req.ctx, req.body),
  );
  app.post(
    '/media/v1/files/import',
    route({
      summary: 'Import a file from a URL',
      description:
        'The server downloads the URL (http or https; private, loopback and cloud-metadata addresses are refused, also ' +
        'after redirects) within the size and time limits. Answers the PENDING file at once.',
      body: ImportFileRequest,
      response: ImportFileResponse,
    }),
    async (req) => ({ file: await importFile(req.ctx, req.body) }),
  );
  app.post(
    '/media/v1/bulk/files/import',
    route({
      summary: 'Import several files',
      description: 'All or nothing: one refused URL refuses the call.',
      body: BulkImportFilesRequest,
      response: BulkImportFilesResponse,
    }),
    async (req) => bulkImport(req.ctx, req.body.importFileRequests),
  );
  app.post(
    '/media/v1/bulk/files/import-v2',
    route({
      summary: 'Import several files, each on its own',
      description: 'Per-item results; `returnEntity` adds each file.',
      body: BulkImportFileV2Request,
      response: BulkImportFileV2Response,
    }),
    async (req) => bulkImportV2(req.ctx, req.body),
  );
}

/** Reading, describing, listing and searching files. */
function registerFileReadRoutes(app: App): void {
  app.get(
    '/media/v1/files/get-file-by-id',
    route({
      summary: 'Get a file',
      description: 'Visitors and members see only their own uploads.',
      querystring: GetFileByIdQuery,
      response: FileResponse,
      access: uploaders,
    }),
    async (req) => ({ file: await getFile(req.ctx, req.query.fileId) }),
  );
  app.post(
    '/media/v1/files/get-files',
    route({
      summary: 'Get several files',
      body: GetFilesRequest,
      response: FilesResponse,
    }),
    async (req) => ({ files: await getFiles(req.ctx, req.body.fileIds) }),
  );
  app.patch(
    '/media/v1/files/update-file-descriptor',
    route({
      summary: 'Rename, label, move or re-focus a file',
      description: 'Field mask paths: displayName, labels, parentFolderId, private, focalPoint.',
      body: UpdateFileDescriptorRequest,
      response: FileResponse,
    }),
    async (req) => ({ file: await updateFile(req.ctx, req.body) }),
  );
  app.get(
    '/media/v1/files',
    route({
      summary: 'List files in a folder',
      description:
        'Default folder: media-root; `sort=displayName:ASC`; page with `paging.limit` and `paging.cursor` (or `limit` ' +
        'and `cursor`; a value given both ways is a 400).',
      querystring: ListFilesQuery,
      response: ListFilesResponse,
    }),
    async (req) => listFiles(req.ctx, req.query),
  );
  app.post(
    '/media/v1/files/search',
    route({
      summary: 'Search files',
      description: 'Words match the start of words in names and labels, in every folder of the root.',
      body: SearchFilesRequest,
      response: ListFilesResponse,
    }),
    async (req) => searchFiles(req.ctx, req.body),
  );
}

/** Signed links to a file's bytes: downloads and video streams. */
function registerFileLinkRoutes(app: App): void {
  app.post(
    '/media/v1/files/generate-download-url',
    route({
      summary: 'A download link for files',
      description: 'Several files come as one ZIP. The link works for 10 minutes.',
      body: GenerateDownloadUrlRequest,
      response: GenerateDownloadUrlResponse,
    }),
    async (req) => generateDownloadUrl(req.ctx, req.body.fileIds),
  );
  app.post(
    '/media/v1/files/generate-file-download-url',
    route({
      summary: 'Signed, expiring links to a file',
      body: GenerateFileDownloadUrlRequest,
      response: GenerateFileDownloadUrlResponse,
      access: uploaders,
    }),
    async (req) => generateFileDownloadUrl(req.ctx, req.body),
  );
  app.post(
    '/media/v1/files/generate-video-stream-url',
    route({
      summary: 'An HLS or DASH stream of a video',
      body: GenerateVideoStreamUrlRequest,
      response: GenerateVideoStreamUrlResponse,
      access: uploaders,
    }),
    async (req) => generateVideoStreamUrl(req.ctx, req.body.fileId, req.body.format),
  );
}

/** Deleting to the trash bin, restoring and listing what is there. */
function registerTrashRoutes(app: App): void {
  app.post(
    '/media/v1/bulk/files/delete',
    route({
      summary: 'Delete files',
      description: 'To the trash, or `permanent`: gone with their bytes.',
      body: BulkDeleteFilesRequest,
      response: Empty,
    }),
    async (req) => emptyAfter(bulkDeleteFiles(req.ctx, req.body.fileIds, req.body.permanent ?? false)),
  );
  app.post(
    '/media/v1/bulk/trash-bin/files/restore',
    route({
      summary: 'Restore files from the trash',
      body: BulkRestoreFilesRequest,
      response: Empty,
    }),
    async (req) => emptyAfter(restoreFiles(req.ctx, req.body.fileIds)),
  );
  app.get(
    '/media/v1/trash-bin/files',
    route({
      summary: 'Files in the trash',
      description: 'Paged as `GET /media/v1/files`.',
      querystring: ListFilesQuery,
      response: ListFilesResponse,
    }),
    async (req) => listFiles(req.ctx, req.query, 'DELETED'),
  );
}
