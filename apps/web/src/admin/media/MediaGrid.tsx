import { FileArchive, FileAudio, FileText, FileVideo, Folder, Box, File as FileIcon } from 'lucide-react';
import type { FileDescriptor, MediaFolder, MediaType } from '@plaza/sdk/media';
import { cx } from '../../ui/cx.js';
import { formatSize, KIND_WORDS, thumbnailOf } from './words.js';

const ICONS: Partial<Record<MediaType, typeof FileIcon>> = {
  VIDEO: FileVideo,
  AUDIO: FileAudio,
  DOCUMENT: FileText,
  ARCHIVE: FileArchive,
  MODEL3D: Box,
};

export interface Selection {
  selected: ReadonlySet<string>;
  toggle: (id: string, on: boolean) => void;
}

/** Folders and files as tiles: pictures show themselves, other files their kind; each tile has a checkbox. */
export function MediaGrid({
  folders,
  files,
  selection,
  onOpenFolder,
  onOpenFile,
}: {
  folders: MediaFolder[];
  files: FileDescriptor[];
  selection: Selection;
  onOpenFolder?: (f: MediaFolder) => void;
  onOpenFile: (f: FileDescriptor) => void;
}) {
  const tile = 'group relative flex flex-col overflow-hidden rounded-lg border bg-white text-left shadow-xs';
  const check = (id: string, name: string) => (
    <input
      type="checkbox"
      aria-label={`Select ${name}`}
      checked={selection.selected.has(id)}
      onChange={(e) => selection.toggle(id, e.target.checked)}
      className="absolute top-2 left-2 z-10 h-4 w-4 accent-accent"
    />
  );
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Folders and files">
      {folders.map((f) => (
        <li key={f.id} className={cx(tile, selection.selected.has(f.id) ? 'border-accent' : 'border-neutral-200')}>
          {check(f.id, f.displayName)}
          <button
            type="button"
            onClick={() => onOpenFolder?.(f)}
            disabled={!onOpenFolder}
            className="flex h-full flex-col items-center gap-2 px-3 pt-8 pb-4 hover:bg-neutral-50"
          >
            <Folder className="h-10 w-10 text-amber-500" aria-hidden />
            <span className="w-full truncate text-center text-sm font-medium">{f.displayName}</span>
          </button>
        </li>
      ))}
      {files.map((f) => {
        const thumb = thumbnailOf(f);
        const Icon = ICONS[f.mediaType] ?? FileIcon;
        return (
          <li key={f.id} className={cx(tile, selection.selected.has(f.id) ? 'border-accent' : 'border-neutral-200')}>
            {check(f.id, f.displayName)}
            <button type="button" onClick={() => onOpenFile(f)} className="flex h-full flex-col hover:bg-neutral-50">
              <span className="flex aspect-square w-full items-center justify-center bg-neutral-100">
                {thumb ? (
                  <img
                    src={thumb}
                    alt=""
                    loading="lazy"
                    className="h-full w-full object-cover"
                    style={
                      f.media.image
                        ? {
                            objectPosition: `${f.media.image.focalPoint.x * 100}% ${f.media.image.focalPoint.y * 100}%`,
                          }
                        : undefined
                    }
                  />
                ) : (
                  <Icon className="h-10 w-10 text-neutral-400" aria-hidden />
                )}
              </span>
              <span className="block w-full truncate px-2 pt-2 text-sm font-medium">{f.displayName}</span>
              <span className="block px-2 pb-2 text-xs text-neutral-600">
                {f.operationStatus === 'PENDING'
                  ? 'Getting ready…'
                  : f.operationStatus === 'FAILED'
                    ? 'Could not be used'
                    : `${KIND_WORDS[f.mediaType]} · ${formatSize(f.sizeInBytes)}`}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
