import { CATALOG_LIMITS } from '@plaza/contracts/constants';
import { taxQueries, usePlaza } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { TextAreaField, TextField } from '../../ui/Field.js';
import type { FormRules } from '../../ui/formRules.js';
import { FormSection } from '../ui/FormPage.js';
import { SelectField } from '../ui/SelectField.js';
import { optionsOf, choiceBinder } from '../ui/choices.js';
import { PRODUCT_TYPE_OPTIONS } from './labels.js';
import { isAmount, type ProductDraft } from './productDraft.js';

export type SetDraft = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) => void;

/** What a section of the product form with its own problems is given (media, variants). */
export interface CheckedSectionProps {
  draft: ProductDraft;
  set: SetDraft;
  error?: string | undefined;
  /** After a Save: each value of the section that is not valid is marked and says so. */
  showProblems?: boolean;
}
type Field = keyof typeof productRules;
export interface FormState {
  errors: Partial<Record<Field, string>>;
  field: (f: Field) => { label: string; error: string | undefined; maxLength?: number; required?: boolean };
}

const amount = (label: string, example: string, required = false) => ({
  label,
  required,
  valid: isAmount,
  formatHint: `Enter ${label.toLowerCase()} as a number such as ${example}.`,
});

/** The server's limits (CATALOG_LIMITS), checked as typed; the sections' own problems have labels too. */
export const productRules = {
  name: {
    label: 'Name',
    required: true,
    requiredMessage: 'Give the product a name, such as “Blue mug”.',
    maxLength: CATALOG_LIMITS.nameMax,
  },
  price: { ...amount('Price', '12.50', true), requiredMessage: 'Enter the price, such as 12.50.' },
  compareAtPrice: amount('Compare-at price', '15.00'),
  deposit: amount('Deposit', '5.00'),
  sku: { label: 'SKU', maxLength: CATALOG_LIMITS.skuMax },
  weight: {
    label: 'Weight',
    valid: (v: string) => isAmount(v),
    formatHint: 'Enter the weight as a number such as 0.4.',
  },
  media: { label: 'Images' },
  variants: { label: 'Variants' },
  options: { label: 'Options' },
  plans: { label: 'Subscription plans' },
} satisfies FormRules;

/** A server path (`product.variants[2].price.amount`) to the form part that shows it. */
export function productFieldOf(path: string): Field | undefined {
  const top = path.replace(/^product\./, '').split(/[.[]/)[0] ?? '';
  if (top === 'subscriptionOptions') return 'plans';
  if (top === 'compareAtPrice' || top === 'deposit' || top === 'price') return top;
  return top in productRules ? (top as Field) : undefined;
}

interface SectionProps {
  draft: ProductDraft;
  set: SetDraft;
  form: FormState;
  edited: (f: Field) => void;
}

export function BasicsSection({ draft, set, form, edited }: SectionProps) {
  const choose = choiceBinder(draft, set);
  return (
    <FormSection title="Product" description="What customers see on the product page.">
      <TextField
        {...form.field('name')}
        value={draft.name}
        onChange={(e) => {
          set('name', e.target.value);
          edited('name');
        }}
      />
      <TextAreaField
        label="Description"
        rows={5}
        maxLength={CATALOG_LIMITS.descriptionMax}
        value={draft.description}
        onChange={(e) => set('description', e.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label="Kind" options={PRODUCT_TYPE_OPTIONS} {...choose('productType')} />
        <label className="flex items-start gap-3 self-end rounded-md border border-neutral-200 p-3 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 h-4 w-4 accent-accent"
            checked={draft.visible}
            onChange={(e) => set('visible', e.target.checked)}
          />
          <span>
            <span className="block font-medium">Show in the shop</span>
            <span className="text-neutral-600">Hidden products can be prepared without customers seeing them.</span>
          </span>
        </label>
      </div>
    </FormSection>
  );
}

const WEIGHT_UNITS = optionsOf<ProductDraft['weightUnit']>({ KG: 'Kilograms', LB: 'Pounds' });

export function PricingSection({ draft, set, form, edited }: SectionProps) {
  const choose = choiceBinder(draft, set);
  const text = (f: 'price' | 'compareAtPrice' | 'deposit' | 'sku' | 'weight', hint?: string) => (
    <TextField
      {...form.field(f)}
      hint={hint}
      inputMode={f === 'sku' ? 'text' : 'decimal'}
      value={draft[f]}
      onChange={(e) => {
        set(f, e.target.value);
        edited(f);
      }}
    />
  );
  return (
    <FormSection title="Price and shipping">
      <div className="grid gap-4 sm:grid-cols-3">
        {text('price')}
        {text('compareAtPrice', 'Shown crossed out, for a sale.')}
        {text('deposit', 'Paid at checkout; the rest is paid later.')}
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        {text('sku', 'Your own stock code.')}
        {text('weight', 'For shipping rates by weight.')}
        <SelectField label="Weight unit" options={WEIGHT_UNITS} {...choose('weightUnit')} />
      </div>
      <TaxGroupField value={draft.taxGroupId} onChange={(v) => set('taxGroupId', v)} />
    </FormSection>
  );
}

/** Which tax rates apply: the shop's default group, or one made under Tax (books, food…). */
function TaxGroupField({ value, onChange }: { value: string; onChange: (id: string) => void }) {
  const groups = useQuery(taxQueries.groups(usePlaza()));
  const options = [
    { value: '', label: 'Standard (the shop’s default)' },
    ...(groups.data ?? []).filter((g) => !g.isDefault || g.id === value).map((g) => ({ value: g.id, label: g.name })),
  ];
  return (
    <SelectField<string>
      label="Tax group"
      hint={groups.isError ? 'The tax groups could not be loaded.' : 'Products in a group get that group’s rates.'}
      value={value}
      options={options}
      onChange={onChange}
    />
  );
}
