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

const tags = ['media'];
const errors = errorResponses(404, 409, 429);
const Empty = Type.Object({});

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
    {
      schema: {
        tags,
        summary: 'Start an upload',
        description:
          'Adds a PENDING file and answers the URL to PUT its bytes to (30 minutes). The bytes are checked against the ' +
          'declared type and the limits; the file becomes READY after processing, or FAILED with `failureReason`. ' +
          'Visitors and members upload pictures into the visitor uploads folder only, a few a day.',
        body: GenerateUploadUrlRequest,
        response: { 200: GenerateUploadUrlResponse, ...errors },
      },
      config: { access: uploaders },
    },
    async (req) => generateUploadUrl(req.ctx, req.body),
  );
  app.post(
    '/media/v1/files/generate-resumable-upload-url',
    {
      schema: {
        tags,
        summary: 'Start a resumable upload (TUS)',
        description:
          'Like generate-upload-url, with a TUS endpoint and the `uploadToken` to send as TUS metadata; an interrupted upload resumes from its offset for 24 hours.',
        body: GenerateResumableUploadUrlRequest,
        response: { 200: GenerateResumableUploadUrlResponse, ...errors },
      },
      config: { access: uploaders },
    },
    async (req) => generateResumableUploadUrl(req.ctx, req.body),
  );
  app.post(
    '/media/v1/files/import',
    {
      schema: {
        tags,
        summary: 'Import a file from a URL',
        description:
          'The server downloads the URL (http or https; private, loopback and cloud-metadata addresses are refused, also ' +
          'after redirects) within the size and time limits. Answers the PENDING file at once.',
        body: ImportFileRequest,
        response: { 200: ImportFileResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => ({ file: await importFile(req.ctx, req.body) }),
  );
  app.post(
    '/media/v1/bulk/files/import',
    {
      schema: {
        tags,
        summary: 'Import several files',
        description: 'All or nothing: one refused URL refuses the call.',
        body: BulkImportFilesRequest,
        response: { 200: BulkImportFilesResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => bulkImport(req.ctx, req.body.importFileRequests),
  );
  app.post(
    '/media/v1/bulk/files/import-v2',
    {
      schema: {
        tags,
        summary: 'Import several files, each on its own',
        description: 'Per-item results; `returnEntity` adds each file.',
        body: BulkImportFileV2Request,
        response: { 200: BulkImportFileV2Response, ...errors },
      },
      config: { access: managers },
    },
    async (req) => bulkImportV2(req.ctx, req.body),
  );
}

/** Reading, describing, listing and searching files. */
function registerFileReadRoutes(app: App): void {
  app.get(
    '/media/v1/files/get-file-by-id',
    {
      schema: {
        tags,
        summary: 'Get a file',
        description: 'Visitors and members see only their own uploads.',
        querystring: GetFileByIdQuery,
        response: { 200: FileResponse, ...errors },
      },
      config: { access: uploaders },
    },
    async (req) => ({ file: await getFile(req.ctx, req.query.fileId) }),
  );
  app.post(
    '/media/v1/files/get-files',
    {
      schema: {
        tags,
        summary: 'Get several files',
        body: GetFilesRequest,
        response: { 200: FilesResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => ({ files: await getFiles(req.ctx, req.body.fileIds) }),
  );
  app.patch(
    '/media/v1/files/update-file-descriptor',
    {
      schema: {
        tags,
        summary: 'Rename, label, move or re-focus a file',
        description: 'Field mask paths: displayName, labels, parentFolderId, private, focalPoint.',
        body: UpdateFileDescriptorRequest,
        response: { 200: FileResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => ({ file: await updateFile(req.ctx, req.body) }),
  );
  app.get(
    '/media/v1/files',
    {
      schema: {
        tags,
        summary: 'List files in a folder',
        description: 'Default folder: media-root; `sort=displayName:ASC`; page with `cursor`.',
        querystring: ListFilesQuery,
        response: { 200: ListFilesResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => listFiles(req.ctx, req.query),
  );
  app.post(
    '/media/v1/files/search',
    {
      schema: {
        tags,
        summary: 'Search files',
        description: 'Words match the start of words in names and labels, in every folder of the root.',
        body: SearchFilesRequest,
        response: { 200: ListFilesResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => searchFiles(req.ctx, req.body),
  );
}

/** Signed links to a file's bytes: downloads and video streams. */
function registerFileLinkRoutes(app: App): void {
  app.post(
    '/media/v1/files/generate-download-url',
    {
      schema: {
        tags,
        summary: 'A download link for files',
        description: 'Several files come as one ZIP. The link works for 10 minutes.',
        body: GenerateDownloadUrlRequest,
        response: { 200: GenerateDownloadUrlResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => generateDownloadUrl(req.ctx, req.body.fileIds),
  );
  app.post(
    '/media/v1/files/generate-file-download-url',
    {
      schema: {
        tags,
        summary: 'Signed, expiring links to a file',
        body: GenerateFileDownloadUrlRequest,
        response: { 200: GenerateFileDownloadUrlResponse, ...errors },
      },
      config: { access: uploaders },
    },
    async (req) => generateFileDownloadUrl(req.ctx, req.body),
  );
  app.post(
    '/media/v1/files/generate-video-stream-url',
    {
      schema: {
        tags,
        summary: 'An HLS or DASH stream of a video',
        body: GenerateVideoStreamUrlRequest,
        response: { 200: GenerateVideoStreamUrlResponse, ...errors },
      },
      config: { access: uploaders },
    },
    async (req) => generateVideoStreamUrl(req.ctx, req.body.fileId, req.body.format),
  );
}

/** Deleting to the trash bin, restoring and listing what is there. */
function registerTrashRoutes(app: App): void {
  app.post(
    '/media/v1/bulk/files/delete',
    {
      schema: {
        tags,
        summary: 'Delete files',
        description: 'To the trash, or `permanent`: gone with their bytes.',
        body: BulkDeleteFilesRequest,
        response: { 200: Empty, ...errors },
      },
      config: { access: managers },
    },
    async (req) => {
      await bulkDeleteFiles(req.ctx, req.body.fileIds, req.body.permanent ?? false);
      return {};
    },
  );
  app.post(
    '/media/v1/bulk/trash-bin/files/restore',
    {
      schema: {
        tags,
        summary: 'Restore files from the trash',
        body: BulkRestoreFilesRequest,
        response: { 200: Empty, ...errors },
      },
      config: { access: managers },
    },
    async (req) => {
      await restoreFiles(req.ctx, req.body.fileIds);
      return {};
    },
  );
  app.get(
    '/media/v1/trash-bin/files',
    {
      schema: {
        tags,
        summary: 'Files in the trash',
        querystring: ListFilesQuery,
        response: { 200: ListFilesResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => listFiles(req.ctx, req.query, 'DELETED'),
  );
}
