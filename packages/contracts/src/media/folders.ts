import { Type, type Static } from 'typebox';
import { MaskedBody } from '../common/bodies.js';
import { StringEnum, Timestamps } from '../common/schema.js';
import { FILE_STATES, MEDIA_LIMITS } from './files.js';
import { MediaListPageFields, MediaPageBody } from './paging.js';

/** Folders of the media library. The roots (`media-root`, `trash-root`, `visitor-uploads-root`) are not rows. */
export const MediaFolder = Type.Object({
  id: Type.String(),
  displayName: Type.String(),
  parentFolderId: Type.String(),
  state: StringEnum(FILE_STATES),
  ...Timestamps,
});
export type MediaFolder = Static<typeof MediaFolder>;

const Name = Type.String({ minLength: 1, maxLength: MEDIA_LIMITS.displayNameMax });
const Id = Type.String({ minLength: 1, maxLength: 100 });
export const CreateFolderRequest = Type.Object(
  { displayName: Name, parentFolderId: Type.Optional(Id) },
  { additionalProperties: false },
);
export type CreateFolderRequest = Static<typeof CreateFolderRequest>;
export const FolderResponse = Type.Object({ folder: MediaFolder });
export type FolderResponse = Static<typeof FolderResponse>;
export const UpdateFolderRequest = MaskedBody(
  'folder',
  Type.Object({ displayName: Type.Optional(Name), parentFolderId: Type.Optional(Id) }, { additionalProperties: false }),
);
export type UpdateFolderRequest = Static<typeof UpdateFolderRequest>;
export const UPDATABLE_FOLDER_PATHS = ['displayName', 'parentFolderId'] as const;
export const ListFoldersQuery = Type.Object(
  {
    parentFolderId: Type.Optional(Id),
    ...MediaListPageFields,
  },
  { additionalProperties: false },
);
export type ListFoldersQuery = Static<typeof ListFoldersQuery>;
export const ListFoldersResponse = MediaPageBody('folders', MediaFolder);
export type ListFoldersResponse = Static<typeof ListFoldersResponse>;
export const BulkDeleteFoldersRequest = Type.Object(
  { folderIds: Type.Array(Id, { minItems: 1, maxItems: 100 }), permanent: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type BulkDeleteFoldersRequest = Static<typeof BulkDeleteFoldersRequest>;
export const BulkRestoreFoldersRequest = Type.Object(
  { folderIds: Type.Array(Id, { minItems: 1, maxItems: 100 }) },
  { additionalProperties: false },
);
