import { useState } from 'react';
import { FileText } from 'lucide-react';
import type { FileDescriptor } from '@plaza/sdk/media';
import { mediaQueries, usePlaza } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../ui/Button.js';
import { Dialog } from '../../../ui/Dialog.js';
import { QueryStates } from '../../ui/QueryStates.js';
import { SearchBox } from '../../ui/SearchBox.js';
import { useDebouncedValue } from '../../ui/useDebouncedValue.js';
import { KIND_WORDS, thumbnailOf } from '../words.js';
import { assetKindOf } from './categories.js';

/** A library file as a small tile: its preview, or an icon for files without one. */
export function FileThumb({ file, className = 'size-12' }: { file: FileDescriptor; className?: string }) {
  const src = thumbnailOf(file);
  return src ? (
    <img src={src} alt="" className={`${className} shrink-0 rounded border border-neutral-200 object-cover`} />
  ) : (
    <span
      className={`${className} flex shrink-0 items-center justify-center rounded border border-neutral-200 bg-neutral-50`}
    >
      <FileText aria-hidden className="size-5 text-neutral-500" />
    </span>
  );
}

/**
 * Picks files of the media library for a brand library item: the newest files at the top of the library, or what a
 * search finds anywhere in it. Files already chosen and files no item can hold (an icon, say) are not offered.
 */
export function LibraryFilePicker({
  open,
  chosen,
  onPick,
  onClose,
}: {
  open: boolean;
  chosen: ReadonlySet<string>;
  onPick: (f: FileDescriptor) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      title="Add files from the media library"
      description="Upload new files in Media first; search finds files in every folder."
      onClose={onClose}
    >
      <PickerBody chosen={chosen} onPick={onPick} onClose={onClose} />
    </Dialog>
  );
}

function PickerBody({
  chosen,
  onPick,
  onClose,
}: {
  chosen: ReadonlySet<string>;
  onPick: (f: FileDescriptor) => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const words = useDebouncedValue(search.trim());
  const files = useQuery(
    mediaQueries.files(usePlaza(), {
      folder: 'media-root',
      search: words,
      kind: 'ALL',
      trash: false,
      sort: 'createdDate:DESC',
    }),
  );
  const offeredOf = (data: { files: FileDescriptor[] }) =>
    data.files.filter((f) => f.operationStatus === 'READY' && assetKindOf(f.mediaType) && !chosen.has(f.id));
  return (
    <div className="mt-4 space-y-4">
      <SearchBox label="Search files" value={search} onChange={setSearch} maxLength={200} />
      <QueryStates
        query={files}
        loadingLabel="Loading files"
        empty={{
          is: (data) => offeredOf(data).length === 0,
          title: words ? 'No file matches' : 'No files to add',
          body: words ? 'Try other words.' : 'Upload files in Media, then add them here.',
        }}
      >
        {(data) => (
          <ul className="max-h-96 divide-y divide-neutral-100 overflow-y-auto" aria-label="Files">
            {offeredOf(data).map((f) => (
              <li key={f.id}>
                <button
                  type="button"
                  onClick={() => onPick(f)}
                  className="flex w-full items-center gap-3 rounded-md p-2 text-left hover:bg-neutral-50 focus-visible:outline-2 focus-visible:outline-accent"
                  aria-label={`Add ${f.displayName}`}
                >
                  <FileThumb file={f} />
                  <span className="min-w-0">
                    <span className="block truncate text-sm font-medium">{f.displayName}</span>
                    <span className="block text-xs text-neutral-600">{KIND_WORDS[f.mediaType]}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Done
        </Button>
      </div>
    </div>
  );
}
