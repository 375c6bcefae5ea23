import { TextField } from '../../ui/Field.js';
import { SelectField } from '../ui/SelectField.js';
import { noReviewFilters, sortOptions, type ReviewFilters } from './reviewRules.js';
import { ClearFilters } from '../ui/ClearFilters.js';

const ratingOptions: Array<{ value: ReviewFilters['rating']; label: string }> = [
  { value: '', label: 'Any' },
  ...(['5', '4', '3', '2', '1'] as const).map((n) => ({ value: n, label: `${n} ${n === '1' ? 'star' : 'stars'}` })),
];

type About = '' | 'store' | 'product';
const aboutOptions: Array<{ value: About; label: string }> = [
  { value: '', label: 'Anything' },
  { value: 'store', label: 'Your store' },
  { value: 'product', label: 'A product' },
];

/** What the filter's namespace means to the owner: the store's own reviews (site/store) or products (stores/…). */
const aboutOf = (f: ReviewFilters): About =>
  f.namespace === 'site' ? 'store' : f.namespace === 'stores' ? 'product' : '';

function subjectFilter(about: About, entityId: string): Pick<ReviewFilters, 'namespace' | 'entityId'> {
  if (about === 'store') return { namespace: 'site', entityId: 'store' };
  if (about === 'product') return { namespace: 'stores', entityId: entityId === 'store' ? '' : entityId };
  return { namespace: '', entityId: '' };
}

/** Rating, what the reviews are about (the store, a product) and their order. */
export function ReviewFiltersBar({
  filters,
  onChange,
}: {
  filters: ReviewFilters;
  onChange: (f: ReviewFilters) => void;
}) {
  const set = <K extends keyof ReviewFilters>(k: K, v: ReviewFilters[K]) => onChange({ ...filters, [k]: v });
  const changed = filters.rating || filters.namespace || filters.entityId || filters.sort !== noReviewFilters.sort;
  return (
    <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[repeat(4,minmax(0,1fr))_auto]">
      <SelectField label="Rating" value={filters.rating} options={ratingOptions} onChange={(v) => set('rating', v)} />
      <SelectField label="Order" value={filters.sort} options={sortOptions} onChange={(v) => set('sort', v)} />
      <SelectField
        label="About"
        value={aboutOf(filters)}
        options={aboutOptions}
        onChange={(about) => onChange({ ...filters, ...subjectFilter(about, filters.entityId) })}
      />
      {aboutOf(filters) === 'product' && (
        <TextField
          label="Product"
          placeholder="Its id, such as mug-01"
          maxLength={200}
          counter={false}
          value={filters.entityId}
          onChange={(e) => set('entityId', e.target.value)}
        />
      )}
      <ClearFilters span="col-span-2" disabled={!changed} onClear={() => onChange(noReviewFilters)} />
    </div>
  );
}
