import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ListProductsQuery, type Product, type ProductSort, type ProductType } from '@plaza/sdk/catalog';
import { shopCatalogQueries, usePlaza } from '@plaza/react';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { inputClass, SelectField } from '../../ui/Field.js';
import { ProductGrid, ProductGridSkeleton } from './ProductCard.js';

const PAGE = 12;
const SORTS: Record<ProductSort, string> = {
  CREATED_DESC: 'Newest',
  PRICE_ASC: 'Price: low to high',
  PRICE_DESC: 'Price: high to low',
  NAME_ASC: 'Name: A to Z',
  NAME_DESC: 'Name: Z to A',
  CREATED_ASC: 'Oldest',
};
const TYPES: Record<ProductType, string> = {
  PHYSICAL: 'Goods',
  DIGITAL: 'Downloads',
  GIFT_CARD: 'Gift cards',
  SERVICE: 'Services',
};
const PRICE = /^\d{1,12}(\.\d{1,4})?$/;

/** The address bar holds the filters, so a filtered list can be shared and survives a reload. */
export function queryFromParams(p: URLSearchParams): ListProductsQuery {
  const q: ListProductsQuery = { limit: PAGE };
  const text = p.get('q')?.trim();
  if (text) q.text = text.slice(0, 100);
  const collection = p.get('collection');
  if (collection) q.collectionId = collection;
  const min = p.get('min');
  if (min && PRICE.test(min)) q.minPrice = min;
  const max = p.get('max');
  if (max && PRICE.test(max)) q.maxPrice = max;
  if (p.get('inStock') === '1') q.inStock = true;
  const type = p.get('type');
  if (type && type in TYPES) q.productType = type as ProductType;
  const sort = p.get('sort');
  q.sort = sort && sort in SORTS ? (sort as ProductSort) : 'CREATED_DESC';
  return q;
}
/** The products for the query, a page at a time (the cursor carries the filters after the first). */
function useProductPages(query: ListProductsQuery) {
  return useInfiniteQuery(shopCatalogQueries.productPages(usePlaza(), query, PAGE));
}

export default function CatalogPage() {
  const [params, setParams] = useSearchParams();
  const query = queryFromParams(params);
  const list = useProductPages(query);
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const products = list.data?.pages.flatMap((p) => p.products) ?? [];
  // Phones see the products first; the filters open on demand.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtered = ['q', 'collection', 'min', 'max', 'inStock', 'type'].some((k) => params.has(k));

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Shop</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[16rem_1fr] lg:gap-8">
        <Button
          variant="secondary"
          className="lg:hidden"
          aria-expanded={filtersOpen}
          aria-controls="shop-filters"
          onClick={() => setFiltersOpen((o) => !o)}
        >
          {filtersOpen ? 'Hide filters' : filtered ? 'Filters (on)' : 'Filters'}
        </Button>
        <CatalogFilters
          open={filtersOpen}
          query={query}
          set={set}
          filtered={filtered}
          onClear={() => setParams(new URLSearchParams(), { replace: true })}
        />
        <section aria-labelledby="shop-products">
          {/* The cards' names are h3: the outline reads Shop → Products → each product. */}
          <h2 id="shop-products" className="sr-only">
            Products
          </h2>
          <div className="mb-4 flex items-center justify-between gap-4">
            <p className="text-sm text-neutral-600" aria-live="polite">
              {list.isSuccess &&
                (list.hasNextPage
                  ? `Showing ${products.length}`
                  : `${products.length} product${products.length === 1 ? '' : 's'}`)}
            </p>
            <SelectField label="Sort by" hideLabel value={query.sort} onChange={(e) => set('sort', e.target.value)}>
              {Object.entries(SORTS).map(([v, l]) => (
                <option key={v} value={v}>
                  {l}
                </option>
              ))}
            </SelectField>
          </div>
          <ProductResults list={list} products={products} filtered={filtered} />
        </section>
      </div>
    </div>
  );
}

/** Search, collection, type, price and stock filters; each change goes to the address bar. */
function CatalogFilters({
  open,
  query,
  set,
  filtered,
  onClear,
}: {
  open: boolean;
  query: ListProductsQuery;
  set: (key: string, value: string) => void;
  filtered: boolean;
  onClear: () => void;
}) {
  const collections = useQuery(shopCatalogQueries.collections(usePlaza()));
  return (
    <aside id="shop-filters" aria-label="Filters" className={`space-y-4 ${open ? '' : 'hidden lg:block'}`}>
      <SearchBox value={query.text ?? ''} onSearch={(v) => set('q', v)} />
      <SelectField
        label="Collection"
        value={query.collectionId ?? ''}
        onChange={(e) => set('collection', e.target.value)}
      >
        <option value="">All collections</option>
        {collections.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </SelectField>
      <SelectField label="Type" value={query.productType ?? ''} onChange={(e) => set('type', e.target.value)}>
        <option value="">Everything</option>
        {Object.entries(TYPES).map(([v, l]) => (
          <option key={v} value={v}>
            {l}
          </option>
        ))}
      </SelectField>
      <fieldset>
        <legend className="text-sm font-medium text-neutral-800">Price</legend>
        <div className="mt-1 flex items-start gap-2">
          <PriceBox label="Lowest price" value={query.minPrice ?? ''} onChange={(v) => set('min', v)} />
          <span aria-hidden className="pt-2">
            –
          </span>
          <PriceBox label="Highest price" value={query.maxPrice ?? ''} onChange={(v) => set('max', v)} />
        </div>
      </fieldset>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="h-4 w-4"
          checked={query.inStock === true}
          onChange={(e) => set('inStock', e.target.checked ? '1' : '')}
        />
        In stock only
      </label>
      {filtered && (
        <Button variant="ghost" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </aside>
  );
}

/** The product grid, or why there is none yet, with more loading as the buyer scrolls. */
function ProductResults({
  list,
  products,
  filtered,
}: {
  list: ReturnType<typeof useProductPages>;
  products: Product[];
  filtered: boolean;
}) {
  return list.isPending ? (
    <ProductGridSkeleton />
  ) : list.error && !products.length ? (
    <ErrorMessage error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
  ) : products.length === 0 ? (
    <EmptyState title={filtered ? 'Nothing matches these filters' : 'No products yet'}>
      {filtered ? 'Try fewer filters or another word.' : 'New products are on their way.'}
    </EmptyState>
  ) : (
    <>
      <ProductGrid products={products} eager={4} />
      {list.hasNextPage && <MoreOnScroll busy={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()} />}
    </>
  );
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  return (
    <form
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(text.trim());
      }}
    >
      <label htmlFor="shop-search" className="text-sm font-medium text-neutral-800">
        Search
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="shop-search"
          type="search"
          className={inputClass}
          value={text}
          maxLength={100}
          placeholder="Mugs, tea, gifts…"
          onChange={(e) => setText(e.target.value)}
        />
        <Button type="submit" variant="secondary">
          Go
        </Button>
      </div>
    </form>
  );
}

/** A price bound, applied when the field is left (not on every key press). */
function PriceBox({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const bad = text !== '' && !PRICE.test(text);
  const problemId = useId();
  return (
    <div className="min-w-0 flex-1">
      <input
        aria-label={label}
        aria-invalid={bad || undefined}
        aria-describedby={bad ? problemId : undefined}
        inputMode="decimal"
        className={inputClass}
        placeholder={label.startsWith('Lowest') ? 'Min' : 'Max'}
        value={text}
        onChange={(e) => setText(e.target.value.replace(',', '.'))}
        onBlur={() => !bad && onChange(text)}
        onKeyDown={(e) => e.key === 'Enter' && !bad && onChange(text)}
      />
      {bad && (
        <p id={problemId} className="mt-1 text-xs text-red-700">
          Enter an amount such as 25.
        </p>
      )}
    </div>
  );
}

/** Loads the next page when the end of the list scrolls into view; the button works without scrolling too. */
function MoreOnScroll({ busy, onMore }: { busy: boolean; onMore: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((entries) => entries[0]?.isIntersecting && !busy && onMore(), {
      rootMargin: '400px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [busy, onMore]);
  return (
    <div ref={ref} className="mt-8 flex justify-center">
      <Button variant="secondary" busy={busy} onClick={onMore}>
        Show more
      </Button>
    </div>
  );
}
