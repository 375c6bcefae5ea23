import { Type } from 'typebox';
import {
  BulkDeleteFoldersRequest,
  BulkRestoreFoldersRequest,
  CreateFolderRequest,
  FolderResponse,
  ListFoldersQuery,
  ListFoldersResponse,
  UpdateFolderRequest,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { managers } from './access.js';
import {
  bulkDeleteFolders,
  createFolder,
  getFolder,
  listFolders,
  restoreFolders,
  updateFolder,
} from './folders.service.js';
import { errorResponses } from '../../http/error-responses.js';

const tags = ['media'];
const errors = errorResponses(404);
const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
const Empty = Type.Object({});

export function mediaFolderRoutes(app: App): void {
  registerFolderRoutes(app);
  registerFolderTrashRoutes(app);
}

/** Creating, listing, reading and renaming folders. */
function registerFolderRoutes(app: App): void {
  app.post(
    '/media/v1/folders',
    {
      schema: {
        tags,
        summary: 'Create a folder',
        description: 'Default parent: media-root.',
        body: CreateFolderRequest,
        response: { 200: FolderResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => ({ folder: await createFolder(req.ctx, req.body) }),
  );
  app.get(
    '/media/v1/folders',
    {
      schema: {
        tags,
        summary: 'List folders in a folder',
        querystring: ListFoldersQuery,
        response: { 200: ListFoldersResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => listFolders(req.ctx, req.query),
  );
  app.get(
    '/media/v1/folders/:id',
    {
      schema: { tags, summary: 'Get a folder', params: IdParams, response: { 200: FolderResponse, ...errors } },
      config: { access: managers },
    },
    async (req) => ({ folder: await getFolder(req.ctx, req.params.id) }),
  );
  app.patch(
    '/media/v1/folders/:id',
    {
      schema: {
        tags,
        summary: 'Rename or move a folder',
        description: 'Field mask paths: displayName, parentFolderId.',
        params: IdParams,
        body: UpdateFolderRequest,
        response: { 200: FolderResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => ({ folder: await updateFolder(req.ctx, req.params.id, req.body) }),
  );
}

/** Deleting folders to the trash bin, restoring and listing them. */
function registerFolderTrashRoutes(app: App): void {
  app.post(
    '/media/v1/bulk/folders/delete',
    {
      schema: {
        tags,
        summary: 'Delete folders',
        description: 'To the trash with everything inside, or `permanent`.',
        body: BulkDeleteFoldersRequest,
        response: { 200: Empty, ...errors },
      },
      config: { access: managers },
    },
    async (req) => {
      await bulkDeleteFolders(req.ctx, req.body.folderIds, req.body.permanent ?? false);
      return {};
    },
  );
  app.post(
    '/media/v1/bulk/trash-bin/folders/restore',
    {
      schema: {
        tags,
        summary: 'Restore folders from the trash',
        body: BulkRestoreFoldersRequest,
        response: { 200: Empty, ...errors },
      },
      config: { access: managers },
    },
    async (req) => {
      await restoreFolders(req.ctx, req.body.folderIds);
      return {};
    },
  );
  app.get(
    '/media/v1/trash-bin/folders',
    {
      schema: {
        tags,
        summary: 'Folders in the trash',
        querystring: ListFoldersQuery,
        response: { 200: ListFoldersResponse, ...errors },
      },
      config: { access: managers },
    },
    async (req) => listFolders(req.ctx, req.query, 'DELETED'),
  );
}
