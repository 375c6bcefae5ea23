import type { MediaType } from '@plaza/contracts';

const MB = 1024 * 1024;

/**
 * Largest file per media type, in bytes (PLAZA_MEDIA_MAX_BYTES caps them all), and the largest image in pixels.
 * Visitors' uploads (review photos) are images of at most VISITOR_MAX_BYTES.
 */
export const TYPE_MAX_BYTES: Record<MediaType, number> = {
  IMAGE: 25 * MB,
  VECTOR: 5 * MB,
  VIDEO: 1024 * MB,
  AUDIO: 200 * MB,
  DOCUMENT: 100 * MB,
  ARCHIVE: 1024 * MB,
  MODEL3D: 250 * MB,
  OTHER: 100 * MB,
};
export const IMAGE_MAX_PIXELS = 100_000_000;
export const VISITOR_MAX_BYTES = 10 * MB;
/** A resumable upload is what the SDK picks above this size (and what the server suggests). */
export const DIRECT_UPLOAD_MAX_BYTES = 50 * MB;

const DOCUMENTS = new Set([
  'application/pdf',
  'application/msword',
  'application/rtf',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/epub+zip',
  'text/plain',
  'text/csv',
  'text/markdown',
]);
const ARCHIVES = new Set([
  'application/zip',
  'application/gzip',
  'application/x-gzip',
  'application/x-tar',
  'application/x-7z-compressed',
  'application/x-rar-compressed',
  'application/vnd.rar',
  'application/x-bzip2',
  'application/x-xz',
  'application/zstd',
]);
const ICONS = new Set(['image/x-icon', 'image/vnd.microsoft.icon']);

export const SVG = 'image/svg+xml';

/** The media type of a MIME type. */
export function mediaTypeOf(mime: string): MediaType {
  if (mime === SVG) return 'VECTOR';
  if (ICONS.has(mime)) return 'OTHER';
  if (mime.startsWith('image/')) return 'IMAGE';
  if (mime.startsWith('video/')) return 'VIDEO';
  if (mime.startsWith('audio/')) return 'AUDIO';
  if (mime.startsWith('model/')) return 'MODEL3D';
  if (DOCUMENTS.has(mime)) return 'DOCUMENT';
  if (ARCHIVES.has(mime)) return 'ARCHIVE';
  return 'OTHER';
}

export const isIcon = (mime: string): boolean => ICONS.has(mime);

/**
 * Types whose bytes have no magic number (text formats): a file that sniffs as nothing may be one of these, and
 * only if it was declared as one. Anything else that sniffs as nothing was declared falsely.
 */
const TEXT_TYPES = new Set([
  SVG,
  'text/plain',
  'text/csv',
  'text/markdown',
  'application/json',
  'model/gltf+json',
  'model/obj',
  'model/stl',
]);
export const isTextType = (mime: string): boolean => TEXT_TYPES.has(mime) || mime.startsWith('text/');

/** Formats sharp reads and we make previews of. */
export const RASTER_FORMATS = new Set([
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/avif',
  'image/tiff',
]);

/**
 * Why an SVG is refused, or undefined when it is plain drawing. Browsers run scripts and event handlers in an SVG
 * opened on its own, and external references leak the viewer; SVGs here are artwork, so any of them is refused
 * rather than silently cut out (the owner learns the file needs cleaning).
 */
export function svgProblem(text: string): string | undefined {
  if (!/<svg[\s>]/i.test(text)) return 'the file is not an SVG drawing';
  if (/<!ENTITY/i.test(text)) return 'the SVG declares XML entities';
  if (/<script[\s>/]/i.test(text)) return 'the SVG contains a script';
  if (/<foreignObject[\s>/]/i.test(text)) return 'the SVG embeds foreign content';
  if (/\son[a-z]+\s*=/i.test(text)) return 'the SVG contains event handlers';
  if (/(?:href|src)\s*=\s*["']?\s*(?:javascript|data:text\/html|vbscript):/i.test(text))
    return 'the SVG contains a script link';
  if (/(?:href|src)\s*=\s*["']?\s*(?:https?:)?\/\//i.test(text)) return 'the SVG loads content from another site';
  if (/<(?:iframe|embed|object)[\s>/]/i.test(text)) return 'the SVG embeds other documents';
  return undefined;
}

/** Why a file name from the uploader's device is refused: it must be a plain name, never a path. */
export function fileNameProblem(name: string): string | undefined {
  // eslint-disable-next-line no-control-regex
  if (/[/\\\u0000-\u001f\u007f]/.test(name)) return 'must be a plain file name, without folders or control characters';
  if (name.trim() === '.' || name.trim() === '..' || !name.trim()) return 'must be a plain file name';
  return undefined;
}
