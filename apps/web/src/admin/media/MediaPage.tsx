import { useState, type DragEvent } from 'react';
import { ChevronRight, LayoutGrid, List as ListIcon } from 'lucide-react';
import type { MediaType } from '@plaza/sdk/media';
import { Button } from '../../ui/Button.js';
import { cx } from '../../ui/cx.js';
import { FilePickButton } from '../../ui/FilePickButton.js';
import { FilterTabs } from '../ui/FilterTabs.js';
import { optionsOf } from '../ui/choices.js';
import { SelectField } from '../ui/SelectField.js';
import { PageHeader } from '../ui/PageHeader.js';
import { SearchBox } from '../ui/SearchBox.js';
import { useDebouncedValue } from '../ui/useDebouncedValue.js';
import type { MediaFileQuery as FileQuery } from '@plaza/react';
import { Browser } from './MediaBrowser.js';
import { ImportDialog, NewFolderDialog } from './MediaDialogs.js';
import { UploadPanel } from './UploadPanel.js';
import { useUploads } from './useUploads.js';
import { KIND_FILTERS } from './words.js';

const ROOT = { id: 'media-root', name: 'All files' };
type Place = 'LIBRARY' | 'TRASH';
const PLACE_TABS = optionsOf<Place>({ LIBRARY: 'Library', TRASH: 'Trash' });
type Kind = MediaType | 'ALL';
type Sort = FileQuery['sort'];
const SORTS = optionsOf<Sort>({
  'createdDate:DESC': 'Newest first',
  'displayName:ASC': 'Name A–Z',
  'sizeInBytes:DESC': 'Largest first',
});
type View = 'grid' | 'list';
type Crumb = { id: string; name: string };

/** /admin/media: the owner's pictures, videos and documents in folders, with uploads, search and a trash. */
export function MediaPage() {
  const [place, setPlace] = useState<Place>('LIBRARY');
  const [path, setPath] = useState([ROOT]);
  const folder = path.at(-1)!.id;
  const [search, setSearch] = useState('');
  const words = useDebouncedValue(search.trim());
  const [kind, setKind] = useState<Kind>('ALL');
  const [sort, setSort] = useState<Sort>('createdDate:DESC');
  const [view, setView] = useState<View>('grid');
  const [dialog, setDialog] = useState<'folder' | 'import' | null>(null);
  const uploads = useUploads(folder);
  const trash = place === 'TRASH';
  const drop = useFileDrop(!trash, uploads.add);
  const query = { folder, search: words, kind, trash, sort };
  return (
    <div {...drop.handlers} className="relative">
      <PageHeader
        title="Media"
        description="Pictures, videos and documents for your products, pages and posts. Drop files anywhere here to upload them."
        actions={!trash && <LibraryActions onDialog={setDialog} onFiles={uploads.add} />}
      />
      <div className="mb-4">
        <FilterTabs label="Show" value={place} onChange={setPlace} tabs={PLACE_TABS} />
      </div>
      <UploadPanel uploads={uploads} />
      <MediaFilters
        search={search}
        onSearch={setSearch}
        kind={kind}
        onKind={setKind}
        sort={sort}
        onSort={setSort}
        view={view}
        onView={setView}
      />
      {!trash && !words && kind === 'ALL' && <FolderPath path={path} onPath={setPath} />}
      <Browser
        key={JSON.stringify(query)}
        query={query}
        view={view}
        onOpenFolder={(f) => setPath([...path, { id: f.id, name: f.displayName }])}
      />
      {drop.dragging && (
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

/** Files dropped anywhere on the page upload (when uploads are allowed), with a flag to show the drop zone. */
function useFileDrop(enabled: boolean, onFiles: (files: FileList | File[]) => void) {
  const [dragging, setDragging] = useState(false);
  const handlers = {
    onDragOver: (e: DragEvent) => {
      if (!enabled || !e.dataTransfer.types.includes('Files')) return;
      e.preventDefault();
      setDragging(true);
    },
    onDragLeave: (e: DragEvent) => e.currentTarget === e.target && setDragging(false),
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      setDragging(false);
      if (enabled && e.dataTransfer.files.length) onFiles(e.dataTransfer.files);
    },
  };
  return { dragging, handlers };
}

function LibraryActions({
  onDialog,
  onFiles,
}: {
  onDialog: (dialog: 'folder' | 'import') => void;
  onFiles: (files: FileList | File[]) => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <Button variant="secondary" onClick={() => onDialog('folder')}>
        New folder
      </Button>
      <Button variant="secondary" onClick={() => onDialog('import')}>
        Add from a link
      </Button>
      <FilePickButton label="Upload files" multiple onFiles={onFiles} />
    </div>
  );
}

/** Search, kind, order, and tiles or list. */
function MediaFilters({
  search,
  onSearch,
  kind,
  onKind,
  sort,
  onSort,
  view,
  onView,
}: {
  search: string;
  onSearch: (search: string) => void;
  kind: Kind;
  onKind: (kind: Kind) => void;
  sort: Sort;
  onSort: (sort: Sort) => void;
  view: View;
  onView: (view: View) => void;
}) {
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-[minmax(12rem,1fr)_auto_auto_auto] sm:items-end">
      <SearchBox label="Search by name or label" value={search} onChange={onSearch} maxLength={200} />
      <SelectField label="Kind" value={kind} options={KIND_FILTERS} onChange={onKind} />
      <SelectField label="Order" value={sort} options={SORTS} onChange={onSort} />
      <ViewToggle view={view} onView={onView} />
    </div>
  );
}

function ViewToggle({ view, onView }: { view: View; onView: (view: View) => void }) {
  return (
    <div role="group" aria-label="View" className="flex gap-1">
      {(['grid', 'list'] as const).map((v) => (
        <button
          key={v}
          type="button"
          aria-pressed={view === v}
          aria-label={v === 'grid' ? 'Show as tiles' : 'Show as a list'}
          onClick={() => onView(v)}
          className={cx(
            'inline-flex h-10 w-10 items-center justify-center rounded-md border',
            view === v
              ? 'border-accent bg-accent/10 text-accent'
              : 'border-neutral-300 text-neutral-700 hover:bg-neutral-50',
          )}
        >
          {v === 'grid' ? <LayoutGrid className="h-4 w-4" aria-hidden /> : <ListIcon className="h-4 w-4" aria-hidden />}
        </button>
      ))}
    </div>
  );
}

/** The breadcrumbs from "All files" to the open folder; each one above it goes back there. */
function FolderPath({ path, onPath }: { path: Crumb[]; onPath: (path: Crumb[]) => void }) {
  return (
    <nav aria-label="Folder" className="mb-4 flex flex-wrap items-center gap-1 text-sm">
      {path.map((p, i) => (
        <span key={p.id} className="flex items-center gap-1">
          {i > 0 && <ChevronRight className="h-4 w-4 text-neutral-400" aria-hidden />}
          {i === path.length - 1 ? (
            <span aria-current="page" className="font-semibold">
              {p.name}
            </span>
          ) : (
            <button type="button" className="text-accent hover:underline" onClick={() => onPath(path.slice(0, i + 1))}>
              {p.name}
            </button>
          )}
        </span>
      ))}
    </nav>
  );
}
