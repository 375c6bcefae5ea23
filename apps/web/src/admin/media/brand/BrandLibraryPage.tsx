import { useState, type CSSProperties } from 'react';
import type { EnterpriseCategory, EnterpriseItem } from '@plaza/sdk/media';
import { enterpriseMediaMutations, enterpriseMediaQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../ui/Button.js';
import { cx } from '../../../ui/cx.js';
import { useToast } from '../../Toast.js';
import { confirmRow, DangerConfirm } from '../../ui/DangerConfirm.js';
import { Drawer } from '../../ui/Drawer.js';
import { CursorPager, useCursorPages } from '../../ui/CursorPager.js';
import { ManagedList } from '../../ui/ManagedList.js';
import { NameCell } from '../../ui/NameCell.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { QueryStates } from '../../ui/QueryStates.js';
import { KIND_WORDS } from '../words.js';
import { ASSET_KINDS, categoryTree } from './categories.js';
import { CategoryForm } from './CategoryForm.js';
import { ItemForm } from './ItemForm.js';
import { FileThumb } from './LibraryFilePicker.js';

/**
 * /admin/media/brand-library: the brand library (enterprise media). Logos, product shots and guidelines grouped in
 * categories; each item gathers library files of one asset (the logo as a picture, a drawing and a PDF guide).
 */
export function BrandLibraryPage() {
  const categories = useQuery(enterpriseMediaQueries.categories(usePlaza()));
  const [picked, setPicked] = useState<string>();
  const [editing, setEditing] = useState<EnterpriseCategory | 'new' | null>(null);
  const list = categories.data ?? [];
  const current = list.find((c) => c.id === picked) ?? categoryTree(list)[0]?.category;
  return (
    <>
      <PageHeader
        title="Brand library"
        description="Your logos, product shots and guidelines in one place, grouped in categories."
        actions={
          <Button variant={list.length ? 'secondary' : 'primary'} onClick={() => setEditing('new')}>
            Add category
          </Button>
        }
      />
      <QueryStates
        query={categories}
        loadingLabel="Loading the brand library"
        empty={{
          title: 'No categories yet',
          body: 'Start with a category such as “Logos”, then add its items and their files.',
        }}
      >
        {(all) => (
          <div className="grid gap-6 lg:grid-cols-[15rem_1fr]">
            <CategoryNav categories={all} current={current} onPick={setPicked} />
            {current && (
              <CategoryItems
                key={current.id}
                category={current}
                categories={all}
                onEdit={() => setEditing(current)}
                onDeleted={() => setPicked(undefined)}
              />
            )}
          </div>
        )}
      </QueryStates>
      <Drawer
        open={editing !== null}
        title={editing === 'new' || editing === null ? 'Add a category' : `Edit ${editing.name}`}
        onClose={() => setEditing(null)}
      >
        {editing !== null && (
          <CategoryForm
            category={editing === 'new' ? null : editing}
            categories={list}
            onDone={(saved) => {
              if (saved && editing === 'new') setPicked(saved.id);
              setEditing(null);
            }}
          />
        )}
      </Drawer>
    </>
  );
}

/** The categories as a tree: a column on wide screens, a row of choices that wraps on a phone. */
function CategoryNav({
  categories,
  current,
  onPick,
}: {
  categories: readonly EnterpriseCategory[];
  current: EnterpriseCategory | undefined;
  onPick: (id: string) => void;
}) {
  return (
    <nav aria-label="Categories">
      <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-0.5">
        {categoryTree(categories).map(({ category: c, depth }) => (
          <li key={c.id}>
            <button
              type="button"
              aria-current={c.id === current?.id ? 'true' : undefined}
              onClick={() => onPick(c.id)}
              // Nesting shows as indentation in the column; the wrapping choices of a phone stay even.
              style={{ '--indent': `${depth}rem` } as CSSProperties}
              className={cx(
                'w-full truncate rounded-md border py-1.5 pr-3 pl-3 text-left text-sm lg:border-transparent lg:pl-[calc(0.75rem+var(--indent))]',
                c.id === current?.id
                  ? 'border-accent bg-accent/10 font-semibold text-neutral-900'
                  : 'border-neutral-300 text-neutral-700 hover:bg-neutral-100',
              )}
            >
              {c.name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** One category's items, with its own edit and delete (only an empty category can go). */
function CategoryItems({
  category,
  categories,
  onEdit,
  onDeleted,
}: {
  category: EnterpriseCategory;
  categories: readonly EnterpriseCategory[];
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const client = usePlaza();
  const pages = useCursorPages();
  const items = useQuery(enterpriseMediaQueries.items(client, category.id, pages.cursor));
  const removeItem = usePlazaMutation(enterpriseMediaMutations.deleteItem);
  const rows = items.data?.items;
  const next = items.data?.nextCursor.cursors.next;
  return (
    <section aria-label={category.name} className="min-w-0">
      <ManagedList<EnterpriseItem>
        query={items}
        header={(add) => (
          <div className="mb-4 flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <h2 className="text-lg font-semibold">{category.name}</h2>
              {category.description && <p className="mt-1 text-sm text-neutral-600">{category.description}</p>}
            </div>
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={onEdit} aria-haspopup="dialog">
                Edit category
              </Button>
              <DeleteCategory category={category} onDeleted={onDeleted} />
              {add}
            </div>
          </div>
        )}
        addLabel="Add item"
        noun={{ one: 'item', other: 'items' }}
        rows={rows}
        rowKey={(i) => i.id}
        rowLabel={(i) => i.title}
        columns={[
          { header: 'Item', primary: true, cell: (i) => <NameCell name={i.title} detail={i.description} opens /> },
          { header: 'Files', className: 'w-80', cell: (i) => <ItemFiles item={i} /> },
        ]}
        editor={{
          edits: true,
          newTitle: 'Add an item',
          render: (i, close) => <ItemForm item={i} categoryId={category.id} categories={categories} onDone={close} />,
        }}
        remove={{ mutation: removeItem, consequence: 'Its files stay in your media library.' }}
        empty={{ title: 'No items here yet', body: 'Add an item, such as your main logo, with its files.' }}
      />
      {(pages.page > 1 || next) && (
        <CursorPager
          page={pages.page}
          nextCursor={next}
          busy={items.isFetching}
          onNext={pages.next}
          onPrevious={pages.previous}
        />
      )}
    </section>
  );
}

/** Up to three previews and what the item holds, in words: "3 files: picture, drawing (SVG), document". */
function ItemFiles({ item }: { item: EnterpriseItem }) {
  const files = ASSET_KINDS.flatMap((k) => item.assets[k] ?? []);
  if (!files.length) return <span className="text-sm text-neutral-600">No files</span>;
  const kinds = [...new Set(files.map((f) => KIND_WORDS[f.mediaType].toLowerCase()))];
  return (
    <span className="flex items-center gap-2">
      <span className="flex -space-x-2" aria-hidden>
        {files.slice(0, 3).map((f) => (
          <FileThumb key={f.id} file={f} className="size-8" />
        ))}
      </span>
      <span className="min-w-0 truncate text-sm text-neutral-700">
        {files.length === 1 ? '1 file' : `${files.length} files`}: {kinds.join(', ')}
      </span>
    </span>
  );
}

function DeleteCategory({ category, onDeleted }: { category: EnterpriseCategory; onDeleted: () => void }) {
  const remove = usePlazaMutation(enterpriseMediaMutations.deleteCategory);
  const toast = useToast();
  const [asking, setAsking] = useState<EnterpriseCategory | null>(null);
  return (
    <>
      <Button variant="secondary" onClick={() => setAsking(category)}>
        Delete category
      </Button>
      <DangerConfirm
        title={`Delete ${category.name}?`}
        confirmLabel="Delete category"
        {...confirmRow(asking, setAsking, remove, (c) =>
          remove.mutate(c.id, {
            onSuccess: () => {
              toast(`${c.name} is deleted`);
              setAsking(null);
              onDeleted();
            },
          }),
        )}
      >
        <p>Only an empty category can be deleted: move or delete its items and categories first.</p>
      </DangerConfirm>
    </>
  );
}
