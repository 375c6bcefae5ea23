import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ListProductsQuery, Product, ProductType } from '@plaza/sdk/catalog';
import { catalogQueries, usePlaza } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../ui/Badge.js';
import { CursorPager, useCursorPages } from '../ui/CursorPager.js';
import { FilterTabs } from '../ui/FilterTabs.js';
import { optionsOf } from '../ui/choices.js';
import { PageHeader } from '../ui/PageHeader.js';
import { SearchBox } from '../ui/SearchBox.js';
import { type Column, ResourceTable, tableStates } from '../ui/ResourceTable.js';
import { SelectField } from '../ui/SelectField.js';
import { useDebouncedValue } from '../ui/useDebouncedValue.js';
import { PRODUCT_TYPE_OPTIONS, productTypeLabel, StockBadge } from './labels.js';
import { StockDrawer } from './StockDrawer.js';
import { ownerOnlyPage } from '../ui/OwnerOnly.js';

type StockFilter = 'ALL' | 'IN' | 'OUT';
const STOCK_TABS = optionsOf<StockFilter>({ ALL: 'All', IN: 'In stock', OUT: 'Out of stock' });
const PAGE = 25;

/** /admin/store/products: what the shop sells, with search, filters, stock at a glance and a quick stock count. */
export const ProductsPage = ownerOnlyPage('Products', 'products', ProductsPageScreen);

function ProductsPageScreen() {
  const [search, setSearch] = useState('');
  const [stock, setStock] = useState<StockFilter>('ALL');
  const [type, setType] = useState<ProductType | ''>('');
  const [collectionId, setCollectionId] = useState('');
  const text = useDebouncedValue(search.trim());
  // Outside the list, which starts afresh when a filter changes: a drawer opened meanwhile stays open.
  const [adjusting, setAdjusting] = useState<Product | null>(null);
  const filters: ListProductsQuery = {
    limit: PAGE,
    sort: 'CREATED_DESC',
    ...(text ? { text } : {}),
    ...(stock !== 'ALL' ? { inStock: stock === 'IN' } : {}),
    ...(type ? { productType: type } : {}),
    ...(collectionId ? { collectionId } : {}),
  };
  // A new filter starts again at the first page.
  return (
    <>
      <PageHeader
        title="Products"
        description="Everything your shop sells: prices, variants, stock and pictures."
        actions={<AddProduct />}
      />
      <div className="mb-4 space-y-3">
        <div className="grid gap-3 sm:grid-cols-[minmax(12rem,2fr)_repeat(2,minmax(9rem,1fr))] sm:items-end">
          <SearchBox label="Search" placeholder="Name, description or SKU" value={search} onChange={setSearch} />
          <SelectField<ProductType | ''>
            label="Kind"
            value={type}
            options={[{ value: '', label: 'Any kind' }, ...PRODUCT_TYPE_OPTIONS]}
            onChange={setType}
          />
          <CollectionFilter value={collectionId} onChange={setCollectionId} />
        </div>
        <FilterTabs label="Stock" value={stock} onChange={setStock} tabs={STOCK_TABS} />
      </div>
      <ProductList
        onAdjust={setAdjusting}
        key={JSON.stringify(filters)}
        filters={filters}
        filtered={Boolean(text || type || collectionId || stock !== 'ALL')}
      />
      <StockDrawer product={adjusting} onClose={() => setAdjusting(null)} />
    </>
  );
}

const AddProduct = () => (
  <Link
    to="/admin/store/products/new"
    className="inline-flex min-h-10 items-center justify-center rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-strong"
  >
    Add product
  </Link>
);

function CollectionFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { data } = useQuery(catalogQueries.collections(usePlaza()));
  return (
    <SelectField
      label="Collection"
      value={value}
      options={[{ value: '', label: 'Any collection' }, ...(data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
      onChange={onChange}
    />
  );
}

function ProductList({
  filters,
  filtered,
  onAdjust,
}: {
  filters: ListProductsQuery;
  filtered: boolean;
  onAdjust: (product: Product) => void;
}) {
  const pages = useCursorPages();
  const query = pages.cursor ? { cursor: pages.cursor, limit: PAGE } : filters;
  const list = useQuery(catalogQueries.products(usePlaza(), query));
  const { data } = list;
  const navigate = useNavigate();
  const open = (p: Product) => void navigate(`/admin/store/products/${p.id}`);
  const rows = data?.products;
  return (
    <div className="space-y-3">
      <ResourceTable<Product>
        noun={{ one: 'product', other: 'products' }}
        rows={rows}
        rowKey={(p) => p.id}
        rowLabel={(p) => p.name}
        {...tableStates(list)}
        onOpen={open}
        columns={PRODUCT_COLUMNS}
        // Deleting is on the product's page, after a confirmation; rows keep one action so they stay one line high.
        actions={[{ label: 'Adjust stock', onSelect: onAdjust }]}
        actionsClassName="w-36"
        empty={
          filtered
            ? { title: 'No products match', body: 'Try other words or clear a filter.' }
            : {
                title: 'No products yet',
                body: 'Add the first thing you sell: give it a name, a price and a picture.',
                action: <AddProduct />,
              }
        }
      />
      <CursorPager
        page={pages.page}
        nextCursor={data?.pagingMetadata.hasNext ? data.pagingMetadata.cursors.next : undefined}
        busy={list.isFetching}
        onNext={pages.next}
        onPrevious={pages.previous}
      />
    </div>
  );
}

/** The product list's columns: picture and name (and Hidden), price, stock and kind. */
const PRODUCT_COLUMNS: Array<Column<Product>> = [
  {
    header: 'Product',
    primary: true,
    cell: (p) => (
      <span className="flex min-w-0 items-center gap-3">
        {p.media[0] ? (
          <img
            src={p.media[0].url}
            alt=""
            className="h-10 w-10 shrink-0 rounded border border-neutral-200 object-cover"
          />
        ) : (
          <span
            aria-hidden
            className="h-10 w-10 shrink-0 rounded border border-dashed border-neutral-300 bg-neutral-50"
          />
        )}
        <span className="min-w-0">
          <button
            type="button"
            className="block max-w-full truncate text-left font-medium text-neutral-900 hover:underline"
          >
            {p.name}
          </button>
          {!p.visible && <Badge>Hidden</Badge>}
        </span>
      </span>
    ),
  },
  { header: 'Price', className: 'w-28', cell: (p) => p.price.formattedAmount },
  { header: 'Stock', className: 'w-48', cell: (p) => <StockBadge product={p} /> },
  { header: 'Kind', className: 'w-36', cell: (p) => productTypeLabel(p.productType) },
];
