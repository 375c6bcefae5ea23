/** The media library's event types (schema-free, for the dashboard's event-type picker). */
export const MEDIA_EVENT_TYPES = [
  'media.file_descriptor.created',
  'media.file_descriptor.updated',
  'media.file_descriptor.deleted',
  'media.file_descriptor.file_ready',
  'media.file_descriptor.file_failed',
  'media.folder.created',
  'media.folder.updated',
  'media.folder.deleted',
  'media.enterprise_category.created',
  'media.enterprise_category.updated',
  'media.enterprise_category.deleted',
  'media.enterprise_item.created',
  'media.enterprise_item.updated',
  'media.enterprise_item.deleted',
] as const;
