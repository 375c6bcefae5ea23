import { CATALOG_LIMITS } from '@plaza/contracts/constants';
import { Button } from '../../ui/Button.js';
import { inputClass, TextField } from '../../ui/Field.js';
import { FormSection } from '../ui/FormPage.js';
import { ResourceTable } from '../ui/ResourceTable.js';
import type { SetDraft } from './ProductFields.js';
import {
  choicesOf,
  variantGrid,
  variantPriceProblem,
  type OptionDraft,
  type ProductDraft,
  type VariantDraft,
} from './productDraft.js';

const cellInput = `${inputClass} h-9 py-1`;

/** Options (Size: S, M, L) and the grid of their combinations, each with its own price, SKU and stock. */
export function VariantsSection({
  draft,
  set,
  error,
  showProblems = false,
}: {
  draft: ProductDraft;
  set: SetDraft;
  error?: string | undefined;
  /** After a Save: a price cell that is not a price is marked and says so. */
  showProblems?: boolean;
}) {
  const setOptions = (options: OptionDraft[]) => {
    set('options', options);
    set('variants', variantGrid(options, draft.variants, draft.price));
  };
  const setOption = (i: number, option: OptionDraft) => setOptions(draft.options.map((o, j) => (j === i ? option : o)));
  const setVariant = (key: string, change: Partial<VariantDraft>) =>
    set(
      'variants',
      draft.variants.map((v) => (v.key === key ? { ...v, ...change } : v)),
    );
  const name = (v: VariantDraft) => Object.values(v.choices).join(' / ');

  return (
    <FormSection
      title="Options and variants"
      description="Sizes, colours or materials: each combination becomes a variant with its own price, SKU and stock."
    >
      {draft.options.map((o, i) => (
        <div
          key={i}
          className="grid gap-3 rounded-md border border-neutral-200 p-3 sm:grid-cols-[1fr_2fr_auto] sm:items-end"
        >
          <TextField
            label={`Option ${i + 1}`}
            placeholder="Size"
            maxLength={50}
            value={o.name}
            onChange={(e) => setOption(i, { ...o, name: e.target.value })}
          />
          <TextField
            label={`Choices of ${o.name.trim() || `option ${i + 1}`}`}
            placeholder="Small, Medium, Large"
            hint={`${choicesOf(o).length} choices, separated by commas`}
            value={o.choices}
            onChange={(e) => setOption(i, { ...o, choices: e.target.value })}
          />
          <Button
            variant="ghost"
            onClick={() => setOptions(draft.options.filter((_, j) => j !== i))}
            className="sm:mb-6"
          >
            Remove
          </Button>
        </div>
      ))}
      {draft.options.length < CATALOG_LIMITS.optionsMax && (
        <Button variant="secondary" onClick={() => setOptions([...draft.options, { name: '', choices: '' }])}>
          Add an option
        </Button>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {draft.variants.length > 0 && (
        <ResourceTable<VariantDraft>
          noun={{ one: 'variant', other: 'variants' }}
          total={draft.variants.length}
          rows={draft.variants}
          rowKey={(v) => v.key}
          rowLabel={name}
          columns={[
            { header: 'Variant', primary: true, cell: (v) => <span className="font-medium">{name(v)}</span> },
            {
              header: 'Price',
              className: 'w-28',
              cell: (v) => {
                const problem = showProblems ? variantPriceProblem(v) : undefined;
                const problemId = `variant-price-${v.key}`;
                return (
                  <>
                    <input
                      aria-label={`Price of ${name(v)}`}
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
              },
            },
            {
              header: 'SKU',
              className: 'w-32',
              cell: (v) => (
                <input
                  aria-label={`SKU of ${name(v)}`}
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
              cell: (v) =>
                draft.trackQuantity ? (
                  <input
                    aria-label={`Stock of ${name(v)}`}
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
                ),
            },
            {
              header: 'Shown',
              className: 'w-20',
              cell: (v) => (
                <input
                  type="checkbox"
                  aria-label={`Show ${name(v)} in the shop`}
                  className="h-4 w-4 accent-accent"
                  checked={v.visible}
                  onChange={(e) => setVariant(v.key, { visible: e.target.checked })}
                />
              ),
            },
          ]}
          empty={{ title: 'No variants' }}
        />
      )}
    </FormSection>
  );
}

/** Count units (sold out at zero) or just say in or out of stock; with variants, each row has its own stock. */
export function InventorySection({ draft, set }: { draft: ProductDraft; set: SetDraft }) {
  const withVariants = draft.variants.length > 0;
  return (
    <FormSection title="Inventory">
      <fieldset className="space-y-2">
        <legend className="sr-only">How stock is kept</legend>
        {[
          { on: true, label: 'Count units', detail: 'Orders take units out; it sells out at zero.' },
          { on: false, label: 'Just in or out of stock', detail: 'For things you make to order or never run out of.' },
        ].map((c) => (
          <label key={c.label} className="flex items-start gap-3 text-sm">
            <input
              type="radio"
              name="track-quantity"
              className="mt-0.5 h-4 w-4 accent-accent"
              checked={draft.trackQuantity === c.on}
              onChange={() => set('trackQuantity', c.on)}
            />
            <span>
              <span className="block font-medium">{c.label}</span>
              <span className="text-neutral-600">{c.detail}</span>
            </span>
          </label>
        ))}
      </fieldset>
      {withVariants ? (
        <p className="text-sm text-neutral-600">Each variant’s stock is in the variant table above.</p>
      ) : draft.trackQuantity ? (
        <TextField
          label="Units in stock"
          inputMode="numeric"
          className="sm:max-w-48"
          value={draft.quantity}
          onChange={(e) => set('quantity', e.target.value.replace(/\D/g, ''))}
        />
      ) : (
        <label className="flex items-center gap-3 text-sm">
          <input
            type="checkbox"
            className="h-4 w-4 accent-accent"
            checked={draft.inStock}
            onChange={(e) => set('inStock', e.target.checked)}
          />
          In stock
        </label>
      )}
    </FormSection>
  );
}
