import { Type } from 'typebox';
import { EnterpriseCategory, EnterpriseItem } from './enterprise.js';
import { FileDescriptor } from './files.js';
import { MediaFolder } from './folders.js';
import type { MEDIA_EVENT_TYPES } from './event-types.js';
import { crudEvents } from '../events/crud.js';

const FILE = 'plaza.media.v1.file_descriptor';

const FOLDER = 'plaza.media.v1.folder';

/** The media library's entries in the event catalogue (events/catalogue.ts spreads them). */
export const MEDIA_EVENT_CATALOGUE = {
  'media.file_descriptor.created': {
    entityFqdn: FILE,
    slug: 'created',
    kind: 'created',
    payload: FileDescriptor,
    description: 'A file was added to the media library (upload started or import queued); it is PENDING.',
  },
  'media.file_descriptor.updated': {
    entityFqdn: FILE,
    slug: 'updated',
    kind: 'updated',
    payload: FileDescriptor,
    description: "A file's name, labels, folder, privacy or focal point changed, or it moved to or from the trash.",
  },
  'media.file_descriptor.deleted': {
    entityFqdn: FILE,
    slug: 'deleted',
    kind: 'deleted',
    payload: FileDescriptor,
    description: 'A file was deleted for good (from the trash, or permanently); its bytes are gone.',
  },
  'media.file_descriptor.file_ready': {
    entityFqdn: FILE,
    slug: 'file_ready',
    kind: 'action',
    payload: Type.Object({ file: FileDescriptor }),
    description: 'A file finished processing and can be used (also sent when a file is restored from the trash).',
  },
  'media.file_descriptor.file_failed': {
    entityFqdn: FILE,
    slug: 'file_failed',
    kind: 'action',
    payload: Type.Object({ file: FileDescriptor }),
    description: 'An upload or import failed; `file.failureReason` says why.',
  },
  'media.folder.created': {
    entityFqdn: FOLDER,
    slug: 'created',
    kind: 'created',
    payload: MediaFolder,
    description: 'A media folder was created.',
  },
  'media.folder.updated': {
    entityFqdn: FOLDER,
    slug: 'updated',
    kind: 'updated',
    payload: MediaFolder,
    description: 'A media folder was renamed, moved, trashed or restored.',
  },
  'media.folder.deleted': {
    entityFqdn: FOLDER,
    slug: 'deleted',
    kind: 'deleted',
    payload: MediaFolder,
    description: 'A media folder was deleted for good.',
  },
  ...crudEvents('media', 'enterprise_category', 'category of the brand library', EnterpriseCategory),
  ...crudEvents('media', 'enterprise_item', 'item of the brand library', EnterpriseItem),
} as const satisfies Record<
  (typeof MEDIA_EVENT_TYPES)[number],
  { entityFqdn: string; slug: string; kind: string; payload: unknown; description: string }
>;
