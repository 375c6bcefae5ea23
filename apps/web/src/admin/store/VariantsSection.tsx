import { CATALOG_LIMITS } from '@plaza/contracts/constants';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/Field.js';
import { FormSection } from '../ui/FormPage.js';
import type { CheckedSectionProps, SetDraft } from './ProductFields.js';
import { choicesOf, variantGrid, type OptionDraft, type ProductDraft, type VariantDraft } from './productDraft.js';
import { VariantTable } from './VariantTable.js';
import { CheckboxField } from '../../ui/CheckboxField.js';
import { FormAlert } from '../../ui/FormProblems.js';

/** The options, each with its comma-separated choices. */
function OptionRows({ options, setOptions }: { options: OptionDraft[]; setOptions: (options: OptionDraft[]) => void }) {
  const setOption = (i: number, option: OptionDraft) => setOptions(options.map((o, j) => (j === i ? option : o)));
  return (
    <>
      {options.map((o, i) => (
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
          <Button variant="ghost" onClick={() => setOptions(options.filter((_, j) => j !== i))} className="sm:mb-6">
            Remove
          </Button>
        </div>
      ))}
      {options.length < CATALOG_LIMITS.optionsMax && (
        <Button variant="secondary" onClick={() => setOptions([...options, { name: '', choices: '' }])}>
          Add an option
        </Button>
      )}
    </>
  );
}

/**
 * Options (Size: S, M, L) and the grid of their combinations, each with its own price, SKU and stock. After a Save,
 * a price cell that is not a price is marked and says so.
 */
export function VariantsSection({ draft, set, error, showProblems = false }: CheckedSectionProps) {
  const setOptions = (options: OptionDraft[]) => {
    set('options', options);
    set('variants', variantGrid(options, draft.variants, draft.price));
  };
  const setVariant = (key: string, change: Partial<VariantDraft>) =>
    set(
      'variants',
      draft.variants.map((v) => (v.key === key ? { ...v, ...change } : v)),
    );

  return (
    <FormSection
      title="Options and variants"
      description="Sizes, colours or materials: each combination becomes a variant with its own price, SKU and stock."
    >
      <OptionRows options={draft.options} setOptions={setOptions} />
      <FormAlert>{error}</FormAlert>
      {draft.variants.length > 0 && (
        <VariantTable
          variants={draft.variants}
          trackQuantity={draft.trackQuantity}
          setVariant={setVariant}
          showProblems={showProblems}
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
        <CheckboxField label="In stock" checked={draft.inStock} onChange={(checked) => set('inStock', checked)} />
      )}
    </FormSection>
  );
}
