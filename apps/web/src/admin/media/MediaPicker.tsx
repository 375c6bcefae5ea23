import { useState } from 'react';
import type { FileDescriptor } from '@plaza/sdk/media';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { FilePickButton } from '../../ui/FilePickButton.js';
import { ListSkeleton } from '../ListSkeleton.js';
import { SearchBox } from '../ui/SearchBox.js';
import { useDebouncedValue } from '../ui/useDebouncedValue.js';
import { useQuery } from '@tanstack/react-query';
import { mediaQueries, usePlaza } from '@plaza/react';
import { UploadPanel } from './UploadPanel.js';
import { useUploads } from './useUploads.js';

/** A library file's address as a site path when it lives on this site (product pictures take https or a path). */
export const siteAddress = (url: string): string => {
  const u = new URL(url, window.location.origin);
  return u.origin === window.location.origin ? `${u.pathname}${u.search}` : url;
};

/**
 * Picks a picture from the media library (or uploads one there first) for a product, a page or a post. Answers
 * the chosen file; the dialog closes itself.
 */
export function MediaPicker({
  open,
  onPick,
  onClose,
}: {
  open: boolean;
  onPick: (f: FileDescriptor) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={open}
      title="Choose a picture"
      description="From your media library, or upload a new one."
      onClose={onClose}
    >
      <PickerBody onPick={onPick} onClose={onClose} />
    </Dialog>
  );
}

function PickerBody({ onPick, onClose }: { onPick: (f: FileDescriptor) => void; onClose: () => void }) {
  const [search, setSearch] = useState('');
  const words = useDebouncedValue(search.trim());
  const files = useQuery(
    mediaQueries.files(usePlaza(), {
      folder: 'media-root',
      search: words,
      kind: 'IMAGE',
      trash: false,
      sort: 'createdDate:DESC',
      publicOnly: true,
    }),
  );
  const uploads = useUploads('media-root');
  const pictures = files.data?.files ?? [];
  return (
    <div className="mt-4 space-y-4">
      <div className="flex items-end gap-2">
        <div className="flex-1">
          <SearchBox label="Search pictures" value={search} onChange={setSearch} maxLength={200} />
        </div>
        <FilePickButton variant="secondary" label="Upload" accept="image/*" multiple onFiles={uploads.add} />
      </div>
      <UploadPanel uploads={uploads} />
      {files.error ? (
        <ErrorMessage error={files.error} onRetry={() => void files.refetch()} />
      ) : files.isPending ? (
        <ListSkeleton label="Loading pictures" />
      ) : pictures.length ? (
        <ul className="grid max-h-96 grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-4" aria-label="Pictures">
          {pictures.map((f) => (
            <li key={f.id}>
              <button
                type="button"
                disabled={f.operationStatus !== 'READY'}
                onClick={() => {
                  onPick(f);
                  onClose();
                }}
                className="block w-full overflow-hidden rounded-md border border-neutral-200 hover:border-accent focus-visible:outline-2 focus-visible:outline-accent disabled:opacity-50"
                aria-label={`Use ${f.displayName}`}
              >
                {f.operationStatus === 'READY' ? (
                  <img src={f.thumbnailUrl ?? f.url} alt="" className="aspect-square w-full object-cover" />
                ) : (
                  <span className="flex aspect-square w-full items-center justify-center text-xs text-neutral-600">
                    Getting ready…
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={words ? 'No picture matches' : 'No pictures yet'}>Upload one to use it here.</EmptyState>
      )}
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </div>
  );
}
