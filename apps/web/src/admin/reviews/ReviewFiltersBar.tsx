import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/Field.js';
import { SelectField } from '../ui/SelectField.js';
import { noReviewFilters, sortOptions, type ReviewFilters } from './reviewRules.js';

const ratingOptions: Array<{ value: ReviewFilters['rating']; label: string }> = [
  { value: '', label: 'Any' },
  ...(['5', '4', '3', '2', '1'] as const).map((n) => ({ value: n, label: `${n} ${n === '1' ? 'star' : 'stars'}` })),
];

/** Rating, entity (namespace and id) and order of the reviews list. */
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
      <TextField
        label="Namespace"
        placeholder="e.g. stores"
        maxLength={50}
        value={filters.namespace}
        onChange={(e) => set('namespace', e.target.value)}
      />
      <TextField
        label="Entity id"
        placeholder="e.g. a product id"
        maxLength={200}
        value={filters.entityId}
        onChange={(e) => set('entityId', e.target.value)}
      />
      <Button
        variant="ghost"
        className="col-span-2 justify-self-start lg:col-span-1"
        disabled={!changed}
        onClick={() => onChange(noReviewFilters)}
      >
        Clear filters
      </Button>
    </div>
  );
}
