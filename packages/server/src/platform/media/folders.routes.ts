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
import { emptyAfter, routeOptions } from '../../http/route-options.js';

const IdParams = Type.Object({ id: Type.String({ maxLength: 100 }) }, { additionalProperties: false });
const Empty = Type.Object({});

const route = routeOptions({ tags: ['media'], errors: errorResponses(404), access: managers });

export function mediaFolderRoutes(app: App): void {
  registerFolderRoutes(app);
  registerFolderTrashRoutes(app);
}

/** Creating, listing, reading and renaming folders. */
function registerFolderRoutes(app: App): void {
  app.post(
    '/media/v1/folders',
    route({
      summary: 'Create a folder',
      description: 'Default parent: media-root.',
      body: CreateFolderRequest,
      response: FolderResponse,
    }),
    async (req) => ({ folder: await createFolder(req.ctx, req.body) }),
  );
  app.get(
    '/media/v1/folders',
    route({
      summary: 'List folders in a folder',
      querystring: ListFoldersQuery,
      response: ListFoldersResponse,
    }),
    async (req) => listFolders(req.ctx, req.query),
  );
  app.get(
    '/media/v1/folders/:id',
    route({ summary: 'Get a folder', params: IdParams, response: FolderResponse }),
    async (req) => ({ folder: await getFolder(req.ctx, req.params.id) }),
  );
  app.patch(
    '/media/v1/folders/:id',
    route({
      summary: 'Rename or move a folder',
      description: 'Field mask paths: displayName, parentFolderId.',
      params: IdParams,
      body: UpdateFolderRequest,
      response: FolderResponse,
    }),
    async (req) => ({ folder: await updateFolder(req.ctx, req.params.id, req.body) }),
  );
}

/** Deleting folders to the trash bin, restoring and listing them. */
function registerFolderTrashRoutes(app: App): void {
  app.post(
    '/media/v1/bulk/folders/delete',
    route({
      summary: 'Delete folders',
      description: 'To the trash with everything inside, or `permanent`.',
      body: BulkDeleteFoldersRequest,
      response: Empty,
    }),
    async (req) => emptyAfter(bulkDeleteFolders(req.ctx, req.body.folderIds, req.body.permanent ?? false)),
  );
  app.post(
    '/media/v1/bulk/trash-bin/folders/restore',
    route({
      summary: 'Restore folders from the trash',
      body: BulkRestoreFoldersRequest,
      response: Empty,
    }),
    async (req) => emptyAfter(restoreFolders(req.ctx, req.body.folderIds)),
  );
  app.get(
    '/media/v1/trash-bin/folders',
    route({
      summary: 'Folders in the trash',
      querystring: ListFoldersQuery,
      response: ListFoldersResponse,
    }),
    async (req) => listFolders(req.ctx, req.query, 'DELETED'),
  );
}
