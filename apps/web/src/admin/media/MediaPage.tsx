import { useState, type DragEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronRight, LayoutGrid, List as ListIcon } from 'lucide-react';
import type { FileDescriptor, MediaFolder, MediaType } from '@plaza/sdk/media';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { cx } from '../../ui/cx.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { FilePickButton } from '../../ui/FilePickButton.js';
import { SelectField } from '../../ui/Field.js';
import { useDateFormat } from '../dates.js';
import { ListSkeleton } from '../ListSkeleton.js';
import { useToast } from '../Toast.js';
import { CursorPager, useCursorPages } from '../ui/CursorPager.js';
import { Drawer } from '../ui/Drawer.js';
import { FilterTabs } from '../ui/FilterTabs.js';
import { PageHeader } from '../ui/PageHeader.js';
import { countOf, ResourceTable } from '../ui/ResourceTable.js';
import { SearchBox } from '../ui/SearchBox.js';
import { useDebouncedValue } from '../ui/useDebouncedValue.js';
import {
  mediaMutations,
  mediaQueries,
  usePlaza,
  usePlazaMutation,
  type MediaFileQuery as FileQuery,
} from '@plaza/react';
import { FileDetails } from './FileDetails.js';
import { ImportDialog, NewFolderDialog } from './MediaDialogs.js';
import { MediaGrid } from './MediaGrid.js';
import { UploadPanel } from './UploadPanel.js';
import { useUploads } from './useUploads.js';
import { formatSize, KIND_FILTERS, KIND_WORDS, thumbnailOf } from './words.js';

const ROOT = { id: 'media-root', name: 'All files' };
const FILES = { one: 'file', other: 'files' };
type Place = 'LIBRARY' | 'TRASH';

/** /admin/media: the owner's pictures, videos and documents in folders, with uploads, search and a trash. */
export function MediaPage() {
  const [place, setPlace] = useState<Place>('LIBRARY');
  const [path, setPath] = useState([ROOT]);
  const folder = path.at(-1)!.id;
  const [search, setSearch] = useState('');
  const words = useDebouncedValue(search.trim());
  const [kind, setKind] = useState<MediaType | 'ALL'>('ALL');
  const [sort, setSort] = useState<FileQuery['sort']>('createdDate:DESC');
  const [view, setView] = useState<'grid' | 'list'>('grid');
  const [dialog, setDialog] = useState<'folder' | 'import' | null>(null);
  const uploads = useUploads(folder);
  const [dragging, setDragging] = useState(false);
  const trash = place === 'TRASH';
  const query = { folder, search: words, kind, trash, sort };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!trash && e.dataTransfer.files.length) uploads.add(e.dataTransfer.files);
  };
  return (
    <div
      onDragOver={(e) => {
        if (trash || !e.dataTransfer.types.includes('Files')) return;
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={(e) => e.currentTarget === e.target && setDragging(false)}
      onDrop={onDrop}
      className="relative"
    >
      <PageHeader
        title="Media"
        description="Pictures, videos and documents for your products, pages and posts. Drop files anywhere here to upload them."
        actions={
          !trash && (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setDialog('folder')}>
                New folder
              </Button>
              <Button variant="secondary" onClick={() => setDialog('import')}>
                Add from a link
              </Button>
              <FilePickButton label="Upload files" multiple onFiles={uploads.add} />
            </div>
          )
        }
      />
      <div className="mb-4">
        <FilterTabs<Place>
          label="Show"
          value={place}
          onChange={setPlace}
          tabs={[
            { value: 'LIBRARY', label: 'Library' },
            { value: 'TRASH', label: 'Trash' },
          ]}
        />
      </div>
      <UploadPanel
        items={uploads.items}
        onCancel={uploads.cancel}
        onRetry={uploads.retry}
        onClear={uploads.clearFinished}
      />
      <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(12rem,1fr)_auto_auto_auto] sm:items-end">
        <SearchBox label="Search by name or label" value={search} onChange={setSearch} maxLength={200} />
        <SelectField label="Kind" value={kind} onChange={(e) => setKind(e.target.value as MediaType | 'ALL')}>
          {KIND_FILTERS.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Order" value={sort} onChange={(e) => setSort(e.target.value as FileQuery['sort'])}>
          <option value="createdDate:DESC">Newest first</option>
          <option value="displayName:ASC">Name A–Z</option>
          <option value="sizeInBytes:DESC">Largest first</option>
        </SelectField>
        <div role="group" aria-label="View" className="flex gap-1">
          {(['grid', 'list'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              aria-label={v === 'grid' ? 'Show as tiles' : 'Show as a list'}
              onClick={() => setView(v)}
              className={cx(
                'inline-flex h-10 w-10 items-center justify-center rounded-md border',
                view === v
                  ? 'border-accent bg-accent/10 text-accent'
                  : 'border-neutral-300 text-neutral-700 hover:bg-neutral-50',
              )}
            >
              {v === 'grid' ? (
                <LayoutGrid className="h-4 w-4" aria-hidden />
              ) : (
                <ListIcon className="h-4 w-4" aria-hidden />
              )}
            </button>
          ))}
        </div>
      </div>
      {!trash && !words && kind === 'ALL' && (
        <nav aria-label="Folder" className="mb-4 flex flex-wrap items-center gap-1 text-sm">
          {path.map((p, i) => (
            <span key={p.id} className="flex items-center gap-1">
              {i > 0 && <ChevronRight className="h-4 w-4 text-neutral-400" aria-hidden />}
              {i === path.length - 1 ? (
                <span aria-current="page" className="font-semibold">
                  {p.name}
                </span>
              ) : (
                <button
                  type="button"
                  className="text-accent hover:underline"
                  onClick={() => setPath(path.slice(0, i + 1))}
                >
                  {p.name}
                </button>
              )}
            </span>
          ))}
        </nav>
      )}
      <Browser
        key={JSON.stringify(query)}
        query={query}
        view={view}
        onOpenFolder={(f) => setPath([...path, { id: f.id, name: f.displayName }])}
      />
      {dragging && (
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 z-20 flex items-center justify-center rounded-xl border-4 border-dashed border-accent bg-white/80 text-lg font-semibold text-accent"
        >
          Drop files to upload them here
        </div>
      )}
      <NewFolderDialog open={dialog === 'folder'} parent={folder} onClose={() => setDialog(null)} />
      <ImportDialog open={dialog === 'import'} folder={folder} onClose={() => setDialog(null)} />
    </div>
  );
}

/** The folders and files of the current place, with selection, the bulk bar, the details drawer and confirmations. */
function Browser({
  query,
  view,
  onOpenFolder,
}: {
  query: Omit<FileQuery, 'cursor'>;
  view: 'grid' | 'list';
  onOpenFolder: (f: MediaFolder) => void;
}) {
  const toast = useToast();
  const formatDate = useDateFormat();
  const pages = useCursorPages();
  const plaza = usePlaza();
  const files = useQuery(mediaQueries.files(plaza, { ...query, ...(pages.cursor ? { cursor: pages.cursor } : {}) }));
  const searching = Boolean(query.search) || query.kind !== 'ALL';
  const folders = useQuery(mediaQueries.folders(plaza, query.folder, query.trash));
  const shownFolders = searching || pages.page > 1 ? [] : (folders.data?.folders ?? []);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [open, setOpen] = useState<FileDescriptor | null>(null);
  const [confirm, setConfirm] = useState<{ files: string[]; folders: string[]; permanent: boolean } | null>(null);
  const list = files.data?.files ?? [];
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
  const count = confirm ? confirm.files.length + confirm.folders.length : 0;

  if (files.error)
    return <ErrorMessage error={files.error} onRetry={() => void files.refetch()} retrying={files.isFetching} />;
  if (files.isPending) return <ListSkeleton label="Loading files" />;
  const empty = !list.length && !shownFolders.length;
  return (
    <div className="space-y-4">
      {selected.size > 0 && (
        <div
          role="region"
          aria-label="Selected"
          data-sticky="top"
          className="sticky top-0 z-10 flex flex-wrap items-center gap-2 rounded-lg border border-accent/40 bg-white p-3 shadow-sm"
        >
          <span className="mr-auto text-sm font-medium">{selected.size} selected</span>
          <Button variant="ghost" onClick={() => setSelected(new Set())}>
            Clear
          </Button>
          {query.trash ? (
            <>
              <Button variant="secondary" busy={restore.isPending} onClick={() => restore.mutate(split(selected))}>
                Restore
              </Button>
              <Button variant="danger" onClick={() => setConfirm({ ...split(selected), permanent: true })}>
                Delete forever
              </Button>
            </>
          ) : (
            <Button variant="danger" onClick={() => setConfirm({ ...split(selected), permanent: false })}>
              Move to trash
            </Button>
          )}
        </div>
      )}
      {empty ? (
        <EmptyState title={query.trash ? 'The trash is empty' : searching ? 'Nothing matches' : 'No files here yet'}>
          {query.trash
            ? 'Files you delete wait here for 30 days before they are gone for good.'
            : searching
              ? 'Try other words or another kind.'
              : 'Upload pictures, videos or documents, or drop them on this page.'}
        </EmptyState>
      ) : view === 'grid' ? (
        <MediaGrid
          folders={shownFolders}
          files={list}
          selection={{ selected, toggle }}
          {...(query.trash ? {} : { onOpenFolder })}
          onOpenFile={setOpen}
        />
      ) : (
        <ResourceTable<FileDescriptor>
          noun={FILES}
          rows={list}
          rowKey={(f) => f.id}
          rowLabel={(f) => f.displayName}
          stale={files.isPlaceholderData}
          selection={{
            selected,
            onSelect: toggle,
            onSelectPage: (on) => setSelected(on ? new Set(list.map((f) => f.id)) : new Set()),
          }}
          onOpen={setOpen}
          columns={[
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
          ]}
          empty={{ title: 'No files' }}
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
      <ConfirmDialog
        open={confirm !== null}
        title={
          confirm?.permanent
            ? `Delete ${count === 1 ? 'this' : `these ${count}`} for good?`
            : `Move ${count === 1 ? 'this' : `these ${count}`} to the trash?`
        }
        confirmLabel={confirm?.permanent ? 'Delete forever' : 'Move to trash'}
        danger
        busy={remove.isPending}
        onConfirm={() => confirm && remove.mutate(confirm)}
        onCancel={() => setConfirm(null)}
      >
        {confirm?.permanent
          ? 'They cannot be brought back, and pages that show them will show nothing.'
          : 'Folders go with everything in them. You can restore them from the trash for 30 days.'}
      </ConfirmDialog>
    </div>
  );
}
