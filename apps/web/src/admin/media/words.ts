import type { FileDescriptor, MediaType } from '@plaza/sdk/media';

/** Media types in the owner's words. */
export const KIND_WORDS: Record<MediaType, string> = {
  IMAGE: 'Picture',
  VIDEO: 'Video',
  AUDIO: 'Audio',
  DOCUMENT: 'Document',
  VECTOR: 'Drawing (SVG)',
  ARCHIVE: 'Archive',
  MODEL3D: '3D model',
  OTHER: 'Other file',
};

export const KIND_FILTERS: Array<{ value: MediaType | 'ALL'; label: string }> = [
  { value: 'ALL', label: 'All kinds' },
  { value: 'IMAGE', label: 'Pictures' },
  { value: 'VECTOR', label: 'Drawings' },
  { value: 'VIDEO', label: 'Videos' },
  { value: 'AUDIO', label: 'Audio' },
  { value: 'DOCUMENT', label: 'Documents' },
  { value: 'ARCHIVE', label: 'Archives' },
  { value: 'MODEL3D', label: '3D models' },
  { value: 'OTHER', label: 'Other' },
];

const units = ['bytes', 'KB', 'MB', 'GB'];
/** "1.4 MB". */
export function formatSize(bytes: number | string): string {
  let n = Number(bytes);
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return `${u === 0 ? n : n.toFixed(n < 10 ? 1 : 0)} ${units[u]}`;
}

/** The picture to show for a file in the grid: its preview, else nothing (an icon is shown). */
export const thumbnailOf = (f: FileDescriptor): string | undefined =>
  f.thumbnailUrl ?? (f.mediaType === 'IMAGE' && f.operationStatus === 'READY' ? f.url : undefined);

export const dimensionsOf = (f: FileDescriptor): string | undefined => {
  const img = f.media.image?.image ?? f.media.vector?.image;
  return img?.width ? `${img.width} × ${img.height}` : undefined;
};
