import { CATALOG_LIMITS } from '@plaza/contracts/constants';
import { inputClass } from '../../ui/Field.js';
import { ResourceTable, type Column } from '../ui/ResourceTable.js';
import { variantPriceProblem, type VariantDraft } from './productDraft.js';

const cellInput = `${inputClass} h-9 py-1`;
/** A variant by its choices, such as "M / Red". */
export const variantName = (v: VariantDraft) => Object.values(v.choices).join(' / ');
type SetVariant = (key: string, change: Partial<VariantDraft>) => void;

/** The grid of variants: price, SKU, stock and whether each is shown, typed in place. */
export function VariantTable({
  variants,
  trackQuantity,
  setVariant,
  showProblems,
}: {
  variants: VariantDraft[];
  trackQuantity: boolean;
  setVariant: SetVariant;
  showProblems: boolean;
}) {
  return (
    <ResourceTable<VariantDraft>
      noun={{ one: 'variant', other: 'variants' }}
      total={variants.length}
      rows={variants}
      rowKey={(v) => v.key}
      rowLabel={variantName}
      columns={variantColumns(trackQuantity, setVariant, showProblems)}
      empty={{ title: 'No variants' }}
    />
  );
}

function variantColumns(trackQuantity: boolean, setVariant: SetVariant, showProblems: boolean): Column<VariantDraft>[] {
  return [
    { header: 'Variant', primary: true, cell: (v) => <span className="font-medium">{variantName(v)}</span> },
    {
      header: 'Price',
      className: 'w-28',
      cell: (v) => <VariantPriceCell v={v} setVariant={setVariant} showProblems={showProblems} />,
    },
    {
      header: 'SKU',
      className: 'w-32',
      cell: (v) => (
        <input
          aria-label={`SKU of ${variantName(v)}`}
          className={cellInput}
          maxLength={CATALOG_LIMITS.skuMax}
          value={v.sku}
          onChange={(e) => setVariant(v.key, { sku: e.target.value })}
        />
      ),
    },
    {
      header: 'Stock',
      className: 'w-28',
      cell: (v) => <VariantStockCell v={v} trackQuantity={trackQuantity} setVariant={setVariant} />,
    },
    {
      header: 'Shown',
      className: 'w-20',
      cell: (v) => (
        <input
          type="checkbox"
          aria-label={`Show ${variantName(v)} in the shop`}
          className="h-4 w-4 accent-accent"
          checked={v.visible}
          onChange={(e) => setVariant(v.key, { visible: e.target.checked })}
        />
      ),
    },
  ];
}

/** After a Save, a price that is not a price is marked and says why. */
function VariantPriceCell({
  v,
  setVariant,
  showProblems,
}: {
  v: VariantDraft;
  setVariant: SetVariant;
  showProblems: boolean;
}) {
  const problem = showProblems ? variantPriceProblem(v) : undefined;
  const problemId = `variant-price-${v.key}`;
  return (
    <>
      <input
        aria-label={`Price of ${variantName(v)}`}
        className={cellInput}
        inputMode="decimal"
        value={v.price}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(e) => setVariant(v.key, { price: e.target.value })}
      />
      {problem && (
        <p id={problemId} className="mt-1 text-xs text-red-700">
          {problem}
        </p>
      )}
    </>
  );
}

/** A count of units, or in/out of stock when units are not counted. */
function VariantStockCell({
  v,
  trackQuantity,
  setVariant,
}: {
  v: VariantDraft;
  trackQuantity: boolean;
  setVariant: SetVariant;
}) {
  return trackQuantity ? (
    <input
      aria-label={`Stock of ${variantName(v)}`}
      className={cellInput}
      inputMode="numeric"
      value={v.quantity}
      onChange={(e) => setVariant(v.key, { quantity: e.target.value.replace(/\D/g, '') })}
    />
  ) : (
    <label className="inline-flex items-center gap-2">
      <input
        type="checkbox"
        className="h-4 w-4 accent-accent"
        checked={v.inStock}
        onChange={(e) => setVariant(v.key, { inStock: e.target.checked })}
      />
      In stock
    </label>
  );
}
