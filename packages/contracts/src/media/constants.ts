/** The media library's plain values (no schemas): enums, root folder ids and limits. */
export const MEDIA_TYPES = ['IMAGE', 'VIDEO', 'AUDIO', 'DOCUMENT', 'VECTOR', 'ARCHIVE', 'MODEL3D', 'OTHER'] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];
export const OPERATION_STATUSES = ['FAILED', 'READY', 'PENDING'] as const;
export const FILE_STATES = ['OK', 'DELETED'] as const;
export const PUBLISH_STATUSES = ['UNDEFINED', 'UNPUBLISHED', 'PUBLISHED', 'WIX_ONLY'] as const;
export const ROOT_FOLDERS = ['MEDIA_ROOT', 'TRASH_ROOT', 'VISITOR_UPLOADS_ROOT'] as const;
export type RootFolder = (typeof ROOT_FOLDERS)[number];
/** The folder ids of the roots, usable wherever a parentFolderId goes. */
export const ROOT_FOLDER_IDS = {
  MEDIA_ROOT: 'media-root',
  TRASH_ROOT: 'trash-root',
  VISITOR_UPLOADS_ROOT: 'visitor-uploads-root',
} as const satisfies Record<RootFolder, string>;
export const STREAM_FORMATS = ['HLS', 'DASH'] as const;
export const UPLOAD_PROTOCOLS = ['TUS'] as const;
export const CONTENT_DISPOSITIONS = ['ATTACHMENT', 'INLINE'] as const;
export const MEDIA_SORT_FIELDS = ['displayName', 'createdDate', 'updatedDate', 'sizeInBytes'] as const;

export const MEDIA_LIMITS = {
  displayNameMax: 200,
  labelsMax: 100,
  labelMax: 200,
  fileIdsMax: 100,
  importsMax: 100,
  searchMax: 200,
  urlMax: 2000,
} as const;
