import { Type, type Static } from 'typebox';
import { MaskedBody } from '../common/bodies.js';
import { BulkItemError, BulkResultsBody } from '../common/bodies.js';
import { SortBy } from '../common/query.js';
import { DateString, PageLimit, StringEnum, Timestamps } from '../common/schema.js';
import {
  CONTENT_DISPOSITIONS,
  FILE_STATES,
  MEDIA_LIMITS,
  MEDIA_SORT_FIELDS,
  MEDIA_TYPES,
  OPERATION_STATUSES,
  PUBLISH_STATUSES,
  ROOT_FOLDERS,
  STREAM_FORMATS,
  UPLOAD_PROTOCOLS,
} from './constants.js';
import { MediaListPageFields, MediaListPagingFields, MediaPageBody } from './paging.js';

/**
 * The media library: file descriptors (one per uploaded or imported file) and the media object per type. Field names
 * follow the platform's Media Manager (SPEC.md §3 Media).
 */
export * from './constants.js';

/** Where in the picture the subject is, 0..1 from the top-left corner: crops keep it in view. */
export const FocalPoint = Type.Object(
  { x: Type.Number({ minimum: 0, maximum: 1 }), y: Type.Number({ minimum: 0, maximum: 1 }) },
  { additionalProperties: false },
);
export type FocalPoint = Static<typeof FocalPoint>;

/** One stored rendition of a file: the original, a preview, a responsive size, a poster. */
export const MediaAsset = Type.Object({
  /** `original`, `preview`, `w400`, `w800`, `w1600`, `poster`... */
  id: Type.String(),
  url: Type.String(),
  width: Type.Optional(Type.Integer()),
  height: Type.Optional(Type.Integer()),
  filename: Type.Optional(Type.String()),
  sizeInBytes: Type.Optional(Type.String()),
  format: Type.Optional(Type.String()),
  /** Private files: when the signed URL stops working. */
  urlExpirationDate: Type.Optional(DateString),
});
export type MediaAsset = Static<typeof MediaAsset>;

export const ImageMedia = Type.Object({
  image: MediaAsset,
  previewImage: Type.Optional(MediaAsset),
  /** Responsive sizes, smallest first. */
  responsiveImages: Type.Array(MediaAsset),
  /** Face detection is not part of Plaza: always empty (docs/decisions.md). */
  faces: Type.Array(Type.Object({ confidence: Type.Number(), x: Type.Number(), y: Type.Number() })),
  focalPoint: FocalPoint,
  colors: Type.Optional(Type.Object({ prominent: Type.Optional(Type.Object({ hex: Type.String() })) })),
});
export const VideoMedia = Type.Object({
  resolutions: Type.Array(MediaAsset),
  posters: Type.Array(MediaAsset),
  durationInMilliseconds: Type.Optional(Type.Integer()),
});
export const AudioMedia = Type.Object({
  assets: Type.Array(MediaAsset),
  durationInMilliseconds: Type.Optional(Type.Integer()),
});
export const DocumentMedia = Type.Object({ document: MediaAsset, pageCount: Type.Optional(Type.Integer()) });
export const VectorMedia = Type.Object({
  image: MediaAsset,
  previewImage: Type.Optional(MediaAsset),
  /** Scripts, event handlers and external references were removed on upload. */
  sanitized: Type.Boolean(),
});
export const ArchiveMedia = Type.Object({ archive: MediaAsset });
export const Model3dMedia = Type.Object({ model: MediaAsset, thumbnail: Type.Optional(MediaAsset) });
export const IconMedia = Type.Object({ icon: MediaAsset });

/** The media object of a file: exactly one member, by media type. */
export const FileMedia = Type.Object({
  image: Type.Optional(ImageMedia),
  video: Type.Optional(VideoMedia),
  audio: Type.Optional(AudioMedia),
  document: Type.Optional(DocumentMedia),
  vector: Type.Optional(VectorMedia),
  archive: Type.Optional(ArchiveMedia),
  model3d: Type.Optional(Model3dMedia),
  icon: Type.Optional(IconMedia),
  other: Type.Optional(Type.Object({ file: MediaAsset })),
});
export type FileMedia = Static<typeof FileMedia>;

const Labels = Type.Array(Type.String({ minLength: 1, maxLength: MEDIA_LIMITS.labelMax }), {
  maxItems: MEDIA_LIMITS.labelsMax,
});
const ExternalInfo = Type.Object(
  {
    origin: Type.Optional(Type.String({ maxLength: 200 })),
    externalIds: Type.Optional(Type.Array(Type.String({ maxLength: 200 }), { maxItems: 20 })),
  },
  { additionalProperties: false },
);

export const FileDescriptor = Type.Object({
  id: Type.String(),
  displayName: Type.String(),
  /** The file's URL: public files' is permanent; private files' is signed and expires (urlExpirationDate). */
  url: Type.String(),
  /** SHA-256 of the bytes, hex. */
  hash: Type.Optional(Type.String()),
  sizeInBytes: Type.String(),
  mimeType: Type.String(),
  mediaType: StringEnum(MEDIA_TYPES),
  media: FileMedia,
  operationStatus: StringEnum(OPERATION_STATUSES),
  /** FAILED: why, in words. */
  failureReason: Type.Optional(Type.String()),
  sourceUrl: Type.Optional(Type.String()),
  thumbnailUrl: Type.Optional(Type.String()),
  labels: Type.Array(Type.String()),
  parentFolderId: Type.String(),
  private: Type.Boolean(),
  state: StringEnum(FILE_STATES),
  publishStatus: StringEnum(PUBLISH_STATUSES),
  externalInfo: Type.Optional(ExternalInfo),
  urlExpirationDate: Type.Optional(DateString),
  ...Timestamps,
  /** When a product, member or review last started using the file. */
  lastUsedDate: Type.Optional(DateString),
});
export type FileDescriptor = Static<typeof FileDescriptor>;

const FileId = Type.String({ minLength: 1, maxLength: 100 });
const FileIds = Type.Array(FileId, { minItems: 1, maxItems: MEDIA_LIMITS.fileIdsMax });
const ParentFolderId = Type.String({ minLength: 1, maxLength: 100 });
const MimeType = Type.String({ pattern: '^[a-z0-9][a-z0-9!#$&^_.+-]*/[a-z0-9][a-z0-9!#$&^_.+-]*$', maxLength: 200 });
/** A file name as the uploader's device had it; only its last part counts, and it never becomes a path. */
const FileName = Type.String({ minLength: 1, maxLength: 255 });

const uploadFields = {
  mimeType: MimeType,
  fileName: Type.Optional(FileName),
  sizeInBytes: Type.Optional(Type.String({ pattern: '^[0-9]{1,15}$' })),
  parentFolderId: Type.Optional(ParentFolderId),
  private: Type.Optional(Type.Boolean()),
  labels: Type.Optional(Labels),
  /** A folder path under the parent (`Shop/Mugs`); missing folders are created. */
  filePath: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
};
export const GenerateUploadUrlRequest = Type.Object(
  { ...uploadFields, externalInfo: Type.Optional(ExternalInfo) },
  { additionalProperties: false },
);
export type GenerateUploadUrlRequest = Static<typeof GenerateUploadUrlRequest>;
export const GenerateUploadUrlResponse = Type.Object({
  /** PUT the bytes here within 30 minutes; the answer is `{ file }`. */
  uploadUrl: Type.String(),
  file: FileDescriptor,
});
export type GenerateUploadUrlResponse = Static<typeof GenerateUploadUrlResponse>;
export const GenerateResumableUploadUrlRequest = Type.Object(
  { ...uploadFields, uploadProtocol: Type.Optional(StringEnum(UPLOAD_PROTOCOLS)) },
  { additionalProperties: false },
);
export type GenerateResumableUploadUrlRequest = Static<typeof GenerateResumableUploadUrlRequest>;
export const GenerateResumableUploadUrlResponse = Type.Object({
  uploadProtocol: StringEnum(UPLOAD_PROTOCOLS),
  /** The TUS endpoint: create the upload here with the `uploadToken` in the metadata. */
  uploadUrl: Type.String(),
  uploadToken: Type.String(),
  file: FileDescriptor,
});
export type GenerateResumableUploadUrlResponse = Static<typeof GenerateResumableUploadUrlResponse>;
export const UploadResponse = Type.Object({ file: FileDescriptor });
export type UploadResponse = Static<typeof UploadResponse>;

export const ImportFileRequest = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: MEDIA_LIMITS.urlMax }),
    mediaType: Type.Optional(StringEnum(MEDIA_TYPES)),
    displayName: Type.Optional(Type.String({ minLength: 1, maxLength: MEDIA_LIMITS.displayNameMax })),
    parentFolderId: Type.Optional(ParentFolderId),
    private: Type.Optional(Type.Boolean()),
    labels: Type.Optional(Labels),
    mimeType: Type.Optional(MimeType),
    externalInfo: Type.Optional(ExternalInfo),
    /** Query parameters added to the URL. */
    urlParams: Type.Optional(Type.Record(Type.String({ maxLength: 200 }), Type.String({ maxLength: 2000 }))),
    /** Headers sent with the fetch (an `Authorization` for a private source, say). */
    urlHeaders: Type.Optional(Type.Record(Type.String({ maxLength: 200 }), Type.String({ maxLength: 4000 }))),
    filePath: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type ImportFileRequest = Static<typeof ImportFileRequest>;
export const ImportFileResponse = Type.Object({ file: FileDescriptor });
export type ImportFileResponse = Static<typeof ImportFileResponse>;
export const BulkImportFilesRequest = Type.Object(
  { importFileRequests: Type.Array(ImportFileRequest, { minItems: 1, maxItems: MEDIA_LIMITS.importsMax }) },
  { additionalProperties: false },
);
export type BulkImportFilesRequest = Static<typeof BulkImportFilesRequest>;
export const BulkImportFilesResponse = Type.Object({ files: Type.Array(FileDescriptor) });
export type BulkImportFilesResponse = Static<typeof BulkImportFilesResponse>;
export const BulkImportFileV2Request = Type.Object(
  {
    importFileRequests: Type.Array(ImportFileRequest, { minItems: 1, maxItems: MEDIA_LIMITS.importsMax }),
    returnEntity: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type BulkImportFileV2Request = Static<typeof BulkImportFileV2Request>;
export const BulkItemMetadata = Type.Object({
  id: Type.Optional(Type.String()),
  originalIndex: Type.Integer(),
  success: Type.Boolean(),
  error: Type.Optional(BulkItemError),
});
export const BulkActionMetadata = Type.Object({
  totalSuccesses: Type.Integer(),
  totalFailures: Type.Integer(),
  undetailedFailures: Type.Integer(),
});
export const BulkImportFileV2Response = BulkResultsBody(FileDescriptor, BulkItemMetadata, BulkActionMetadata);
export type BulkImportFileV2Response = Static<typeof BulkImportFileV2Response>;

export const GetFileByIdQuery = Type.Object({ fileId: FileId }, { additionalProperties: false });
export const FileResponse = Type.Object({ file: FileDescriptor });
export type FileResponse = Static<typeof FileResponse>;
export const GetFilesRequest = Type.Object({ fileIds: FileIds }, { additionalProperties: false });
export const FilesResponse = Type.Object({ files: Type.Array(FileDescriptor) });
export type FilesResponse = Static<typeof FilesResponse>;

export const UpdateFileDescriptorRequest = MaskedBody(
  'file',
  Type.Object(
    {
      id: FileId,
      displayName: Type.Optional(Type.String({ minLength: 1, maxLength: MEDIA_LIMITS.displayNameMax })),
      labels: Type.Optional(Labels),
      parentFolderId: Type.Optional(ParentFolderId),
      private: Type.Optional(Type.Boolean()),
      focalPoint: Type.Optional(FocalPoint),
    },
    { additionalProperties: false },
  ),
);
export type UpdateFileDescriptorRequest = Static<typeof UpdateFileDescriptorRequest>;
export const UPDATABLE_FILE_PATHS = ['displayName', 'labels', 'parentFolderId', 'private', 'focalPoint'] as const;

export const MediaSort = SortBy(MEDIA_SORT_FIELDS);
export const MediaPaging = Type.Object(
  { limit: Type.Optional(PageLimit()), cursor: Type.Optional(Type.String()) },
  { additionalProperties: false },
);
export { MediaPagingMetadata } from './paging.js';
/**
 * GET lists take these as a query string: `mediaTypes=IMAGE&mediaTypes=VIDEO`, `sort=createdDate:DESC`, the page as
 * `paging.limit` and `paging.cursor` (the spec's) or `limit` and `cursor`.
 */
export const ListFilesQuery = Type.Object(
  {
    parentFolderId: Type.Optional(ParentFolderId),
    mediaTypes: Type.Optional(Type.Array(StringEnum(MEDIA_TYPES), { maxItems: MEDIA_TYPES.length })),
    private: Type.Optional(Type.Boolean()),
    sort: Type.Optional(Type.String({ pattern: `^(${MEDIA_SORT_FIELDS.join('|')})(:(ASC|DESC))?$` })),
    ...MediaListPageFields,
    ...MediaListPagingFields,
  },
  { additionalProperties: false },
);
export type ListFilesQuery = Static<typeof ListFilesQuery>;
/** What a caller writes for a GET list of files: the query with `paging` as an object (sent as `paging.limit`, …). */
export type ListFilesOptions = Omit<ListFilesQuery, keyof typeof MediaListPagingFields> & {
  paging?: Static<typeof MediaPaging>;
};
export const SearchFilesRequest = Type.Object(
  {
    search: Type.Optional(Type.String({ maxLength: MEDIA_LIMITS.searchMax })),
    rootFolder: Type.Optional(StringEnum(ROOT_FOLDERS)),
    mediaTypes: Type.Optional(Type.Array(StringEnum(MEDIA_TYPES), { maxItems: MEDIA_TYPES.length })),
    private: Type.Optional(Type.Boolean()),
    sort: Type.Optional(MediaSort),
    paging: Type.Optional(MediaPaging),
  },
  { additionalProperties: false },
);
export type SearchFilesRequest = Static<typeof SearchFilesRequest>;
export const ListFilesResponse = MediaPageBody('files', FileDescriptor);
export type ListFilesResponse = Static<typeof ListFilesResponse>;

export const GenerateDownloadUrlRequest = Type.Object({ fileIds: FileIds }, { additionalProperties: false });
export const GenerateDownloadUrlResponse = Type.Object({
  /** One signed URL that downloads every file as a ZIP archive (one file: the file itself). */
  downloadUrl: Type.String(),
});
export const GenerateFileDownloadUrlRequest = Type.Object(
  {
    fileId: FileId,
    downloadFileName: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
    /** 1 minute to 7 days; default 10 minutes. */
    expirationInMinutes: Type.Optional(Type.Integer({ minimum: 1, maximum: 10_080 })),
    /** Where an expired link sends the browser (http or https); without it an expired link answers 410. */
    expirationRedirectUrl: Type.Optional(Type.String({ maxLength: MEDIA_LIMITS.urlMax })),
    /** Which renditions (`original`, `preview`, `w800`...); default the original. */
    assetKeys: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 50 }), { maxItems: 20 })),
    contentDisposition: Type.Optional(StringEnum(CONTENT_DISPOSITIONS)),
  },
  { additionalProperties: false },
);
export type GenerateFileDownloadUrlRequest = Static<typeof GenerateFileDownloadUrlRequest>;
export const GenerateFileDownloadUrlResponse = Type.Object({
  downloadUrls: Type.Array(Type.Object({ url: Type.String(), assetKey: Type.String() })),
});
export type GenerateFileDownloadUrlResponse = Static<typeof GenerateFileDownloadUrlResponse>;
export const GenerateVideoStreamUrlRequest = Type.Object(
  { fileId: FileId, format: Type.Optional(StringEnum(STREAM_FORMATS)) },
  { additionalProperties: false },
);
export const GenerateVideoStreamUrlResponse = Type.Object({
  downloadUrl: Type.Object({ url: Type.String(), assetKey: Type.String() }),
});

export const BulkDeleteFilesRequest = Type.Object(
  { fileIds: FileIds, permanent: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type BulkDeleteFilesRequest = Static<typeof BulkDeleteFilesRequest>;
export const BulkRestoreFilesRequest = Type.Object({ fileIds: FileIds }, { additionalProperties: false });
