import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { FileDescriptor, MediaFolder } from '@plaza/sdk/media';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { useDateFormat } from '../dates.js';
import { ListSkeleton } from '../ListSkeleton.js';
import { useToast } from '../Toast.js';
import { CursorPager, useCursorPage } from '../ui/CursorPager.js';
import { Drawer } from '../ui/Drawer.js';
import { countOf, ResourceTable, type Column } from '../ui/ResourceTable.js';
import {
  mediaMutations,
  mediaQueries,
  usePlaza,
  usePlazaMutation,
  type MediaFileQuery as FileQuery,
} from '@plaza/react';
import { FileDetails } from './FileDetails.js';
import { MediaGrid } from './MediaGrid.js';
import { formatSize, KIND_WORDS, thumbnailOf } from './words.js';

const FILES = { one: 'file', other: 'files' };

/** Files and folders waiting for a yes: to the trash, or (from the trash) gone for good. */
interface PendingDelete {
  files: string[];
  folders: string[];
  permanent: boolean;
}

/** The folders and files of the current place, with selection, the bulk bar, the details drawer and confirmations. */
export function Browser({
  query,
  view,
  onOpenFolder,
}: {
  query: Omit<FileQuery, 'cursor'>;
  view: 'grid' | 'list';
  onOpenFolder: (f: MediaFolder) => void;
}) {
  const { pages, files, searching, shownFolders, list } = useMediaListing(query);
  const { selected, setSelected, toggle, split, open, setOpen, confirm, setConfirm, remove, restore } =
    useBrowserActions(shownFolders);

  if (files.error)
    return <ErrorMessage error={files.error} onRetry={() => void files.refetch()} retrying={files.isFetching} />;
  if (files.isPending) return <ListSkeleton label="Loading files" />;
  const empty = !list.length && !shownFolders.length;
  return (
    <div className="space-y-4">
      {selected.size > 0 && (
        <SelectionBar
          count={selected.size}
          trash={query.trash}
          restoring={restore.isPending}
          onClear={() => setSelected(new Set())}
          onRestore={() => restore.mutate(split(selected))}
          onDelete={(permanent) => setConfirm({ ...split(selected), permanent })}
        />
      )}
      {empty ? (
        <NothingHere trash={query.trash} searching={searching} />
      ) : view === 'grid' ? (
        <MediaGrid
          folders={shownFolders}
          files={list}
          selection={{ selected, toggle }}
          {...(query.trash ? {} : { onOpenFolder })}
          onOpenFile={setOpen}
        />
      ) : (
        <FileTable
          list={list}
          stale={files.isPlaceholderData}
          selected={selected}
          onSelect={toggle}
          onSelectAll={(on) => setSelected(on ? new Set(list.map((f) => f.id)) : new Set())}
          onOpen={setOpen}
        />
      )}
      {files.data?.nextCursor.total !== undefined && list.length > 0 && (
        <p className="text-sm text-neutral-600">{countOf(files.data.nextCursor.total, FILES)}</p>
      )}
      <CursorPager
        page={pages.page}
        nextCursor={files.data?.nextCursor.cursors.next}
        busy={files.isFetching}
        onNext={pages.next}
        onPrevious={pages.previous}
      />
      <Drawer open={open !== null} title={open?.displayName ?? ''} onClose={() => setOpen(null)}>
        {open && (
          <FileDetails
            key={open.id}
            file={list.find((f) => f.id === open.id) ?? open}
            onTrash={(f) => setConfirm({ files: [f.id], folders: [], permanent: false })}
          />
        )}
      </Drawer>
      <DeleteConfirm
        pending={confirm}
        busy={remove.isPending}
        onConfirm={() => confirm && remove.mutate(confirm)}
        onCancel={() => setConfirm(null)}
      />
    </div>
  );
}

/** The bar over a selection: clear it, restore it or delete it forever (in the trash), or move it to the trash. */
function SelectionBar({
  count,
  trash,
  restoring,
  onClear,
  onRestore,
  onDelete,
}: {
  count: number;
  trash: boolean;
  restoring: boolean;
  onClear: () => void;
  onRestore: () => void;
  onDelete: (permanent: boolean) => void;
}) {
  return (
    <div
      role="region"
      aria-label="Selected"
      data-sticky="top"
      className="sticky top-0 z-10 flex flex-wrap items-center gap-2 rounded-lg border border-accent/40 bg-white p-3 shadow-sm"
    >
      <span className="mr-auto text-sm font-medium">{count} selected</span>
      <Button variant="ghost" onClick={onClear}>
        Clear
      </Button>
      {trash ? (
        <>
          <Button variant="secondary" busy={restoring} onClick={onRestore}>
            Restore
          </Button>
          <Button variant="danger" onClick={() => onDelete(true)}>
            Delete forever
          </Button>
        </>
      ) : (
        <Button variant="danger" onClick={() => onDelete(false)}>
          Move to trash
        </Button>
      )}
    </div>
  );
}

/** Why the place is empty: an empty trash, a search without matches, or a folder with nothing yet. */
function NothingHere({ trash, searching }: { trash: boolean; searching: boolean }) {
  return (
    <EmptyState title={trash ? 'The trash is empty' : searching ? 'Nothing matches' : 'No files here yet'}>
      {trash
        ? 'Files you delete wait here for 30 days before they are gone for good.'
        : searching
          ? 'Try other words or another kind.'
          : 'Upload pictures, videos or documents, or drop them on this page.'}
    </EmptyState>
  );
}

/** One page of a folder's files, or of a search: folders first unless searching or past the first page. */
function useMediaListing(query: Omit<FileQuery, 'cursor'>) {
  const { pages, query: page } = useCursorPage(query);
  const plaza = usePlaza();
  const files = useQuery(mediaQueries.files(plaza, page));
  const searching = Boolean(query.search) || query.kind !== 'ALL';
  const folders = useQuery(mediaQueries.folders(plaza, query.folder, query.trash));
  const shownFolders = searching || pages.page > 1 ? [] : (folders.data?.folders ?? []);
  const list = files.data?.files ?? [];
  return { pages, files, searching, shownFolders, list };
}

/** The list view: a table of files with their kind, size and date. */
function FileTable({
  list,
  stale,
  selected,
  onSelect,
  onSelectAll,
  onOpen,
}: {
  list: FileDescriptor[];
  stale: boolean;
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  onSelectAll: (on: boolean) => void;
  onOpen: (file: FileDescriptor) => void;
}) {
  const formatDate = useDateFormat();
  return (
    <ResourceTable<FileDescriptor>
      noun={FILES}
      rows={list}
      rowKey={(f) => f.id}
      rowLabel={(f) => f.displayName}
      stale={stale}
      selection={{ selected, onSelect, onSelectPage: onSelectAll }}
      onOpen={onOpen}
      columns={fileColumns(formatDate)}
      empty={{ title: 'No files' }}
    />
  );
}

function fileColumns(formatDate: (iso: string) => string): Column<FileDescriptor>[] {
  return [
    {
      header: 'Name',
      primary: true,
      cell: (f) => (
        <button type="button" className="flex min-w-0 items-center gap-3 text-left font-medium hover:underline">
          {thumbnailOf(f) ? (
            <img src={thumbnailOf(f)} alt="" className="h-9 w-9 shrink-0 rounded object-cover" />
          ) : (
            <span className="h-9 w-9 shrink-0 rounded bg-neutral-100" />
          )}
          <span className="truncate">{f.displayName}</span>
        </button>
      ),
    },
    {
      header: 'Kind',
      className: 'w-36',
      cell: (f) =>
        f.operationStatus === 'READY'
          ? KIND_WORDS[f.mediaType]
          : f.operationStatus === 'PENDING'
            ? 'Getting ready…'
            : 'Could not be used',
    },
    { header: 'Size', className: 'w-28', cell: (f) => formatSize(f.sizeInBytes) },
    { header: 'Added', className: 'w-44', cell: (f) => formatDate(f.createdDate) },
  ];
}

/** Asks before moving files to the trash, or before deleting them for good from it. */
function DeleteConfirm({
  pending,
  busy,
  onConfirm,
  onCancel,
}: {
  pending: PendingDelete | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const count = pending ? pending.files.length + pending.folders.length : 0;
  return (
    <ConfirmDialog
      open={pending !== null}
      title={
        pending?.permanent
          ? `Delete ${count === 1 ? 'this' : `these ${count}`} for good?`
          : `Move ${count === 1 ? 'this' : `these ${count}`} to the trash?`
      }
      confirmLabel={pending?.permanent ? 'Delete forever' : 'Move to trash'}
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      {pending?.permanent
        ? 'They cannot be brought back, and pages that show them will show nothing.'
        : 'Folders go with everything in them. You can restore them from the trash for 30 days.'}
    </ConfirmDialog>
  );
}

/** The selection, the open file and the deletion waiting for a yes, with the mutations that clear them when done. */
function useBrowserActions(shownFolders: MediaFolder[]) {
  const toast = useToast();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<FileDescriptor | null>(null);
  const [confirm, setConfirm] = useState<PendingDelete | null>(null);
  const toggle = (id: string, on: boolean) =>
    setSelected((s) => (on ? new Set([...s, id]) : new Set([...s].filter((x) => x !== id))));
  const split = (ids: Iterable<string>) => {
    const folderIds = new Set(shownFolders.map((f) => f.id));
    const all = [...ids];
    return { files: all.filter((i) => !folderIds.has(i)), folders: all.filter((i) => folderIds.has(i)) };
  };
  const done = (message: string) => () => {
    toast(message);
    setSelected(new Set());
    setConfirm(null);
    setOpen(null);
  };
  const remove = usePlazaMutation(mediaMutations.deleteItems, { onSuccess: done('Done') });
  const restore = usePlazaMutation(mediaMutations.restoreItems, { onSuccess: done('Restored') });
  return { selected, setSelected, toggle, split, open, setOpen, confirm, setConfirm, remove, restore };
}
