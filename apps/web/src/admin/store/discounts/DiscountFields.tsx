import { CheckboxField } from '../../../ui/CheckboxField.js';
import type { ComponentProps } from 'react';
import type { Discount, DiscountInput, DiscountRule } from '@plaza/contracts';
import { catalogQueries, usePlaza } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { TextField } from '../../../ui/Field.js';
import { SelectField } from '../../ui/SelectField.js';
import { optionsOf } from '../../ui/choices.js';
import { normalizeAmount } from '../productDraft.js';
import { textBinder } from '../../ui/textBinder.js';

type Type = Discount['type'];
const TYPES = optionsOf<Type>({ PERCENTAGE: 'Percentage off', FIXED_AMOUNT: 'Amount off', FIXED_PRICE: 'Fixed price' });
type ActiveTimeInfo = NonNullable<DiscountRule['activeTimeInfo']>;
/** Scopes in the owner's words: collections stand for SPECIFIC_ITEMS with a collection filter. */
type Scope = 'GLOBAL' | 'SHIPPING' | 'COLLECTIONS' | 'PRODUCTS';

/** The part of a coupon or an automatic discount that says what it takes off, from what, and when. */
export interface DiscountDraft {
  type: Type;
  scope: Scope;
  value: string;
  collectionIds: string[];
  /** Products chosen when the discount was made elsewhere (an app): kept as they are. */
  catalogItemIds: string[];
  /** datetime-local values, in the owner's time zone. */
  start: string;
  end: string;
}

/** "2026-11-24T09:30" in local time, as a datetime-local input shows it. */
const localInput = (iso: string | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return new Date(d.getTime() - d.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const isoOf = (local: string) => (local ? new Date(local).toISOString() : undefined);

export function discountDraft(discount?: Discount, time?: ActiveTimeInfo): DiscountDraft {
  const items = discount?.items;
  return {
    type: discount?.type ?? 'PERCENTAGE',
    scope:
      discount?.scope === 'SPECIFIC_ITEMS'
        ? items?.type === 'CUSTOM_FILTER'
          ? 'COLLECTIONS'
          : 'PRODUCTS'
        : (discount?.scope ?? 'GLOBAL'),
    value: discount
      ? String(discount.percentage ?? discount.fixedAmount?.amount ?? discount.fixedPrice?.amount ?? '')
      : '',
    collectionIds: items?.customFilter?.collectionIds ?? [],
    catalogItemIds: items?.catalogItemIds ?? [],
    start: localInput(time?.start),
    end: localInput(time?.end),
  };
}

/** What keeps the draft from saving, in words (the value's own format is the form rules' job). */
export function discountProblem(d: DiscountDraft): string | undefined {
  if (d.type === 'PERCENTAGE' && Number(normalizeAmount(d.value)) > 100) return 'A percentage is at most 100.';
  if (d.scope === 'COLLECTIONS' && d.collectionIds.length === 0) return 'Choose at least one collection.';
  if (d.start && d.end && d.end <= d.start) return 'The end comes after the start.';
  return undefined;
}

export function toDiscountInput(d: DiscountDraft): DiscountInput {
  const amount = normalizeAmount(d.value);
  const value =
    d.type === 'PERCENTAGE'
      ? { percentage: Number(amount) }
      : d.type === 'FIXED_AMOUNT'
        ? { fixedAmount: { amount } }
        : { fixedPrice: { amount } };
  if (d.scope === 'COLLECTIONS') {
    return {
      type: d.type,
      ...value,
      scope: 'SPECIFIC_ITEMS',
      items: { type: 'CUSTOM_FILTER', customFilter: { collectionIds: d.collectionIds } },
    };
  }
  if (d.scope === 'PRODUCTS') {
    return {
      type: d.type,
      ...value,
      scope: 'SPECIFIC_ITEMS',
      items: { type: 'CATALOG_ITEM', catalogItemIds: d.catalogItemIds },
    };
  }
  return { type: d.type, ...value, scope: d.scope };
}

/** The dates as the API takes them; `{}` (always on) when neither is set, so an edit can clear them. */
export function toActiveTimeInfo(d: DiscountDraft): ActiveTimeInfo {
  const start = isoOf(d.start);
  const end = isoOf(d.end);
  return { ...(start ? { start } : {}), ...(end ? { end } : {}) };
}

/**
 * Type and amount, what it applies to (the whole order, some collections or shipping) and the dates: the fields
 * coupons and automatic discounts share. `valueField` carries the form rules' props for the amount.
 */
export function DiscountFields({
  draft,
  set,
  valueField,
}: {
  draft: DiscountDraft;
  set: (change: Partial<DiscountDraft>) => void;
  valueField: ComponentProps<typeof TextField>;
}) {
  const scopes: Array<{ value: Scope; label: string }> = [
    { value: 'GLOBAL', label: 'Everything in the order' },
    { value: 'COLLECTIONS', label: 'Products in some collections' },
    { value: 'SHIPPING', label: 'Shipping' },
  ];
  if (draft.scope === 'PRODUCTS') {
    scopes.splice(1, 0, { value: 'PRODUCTS', label: `${draft.catalogItemIds.length} chosen products` });
  }
  const endsFirst = Boolean(draft.start && draft.end && draft.end <= draft.start);
  const text = textBinder(draft, set);
  return (
    <>
      <div className="grid grid-cols-2 gap-3">
        <SelectField label="Type" value={draft.type} options={TYPES} onChange={(type) => set({ type })} />
        <TextField
          {...valueField}
          label={draft.type === 'PERCENTAGE' ? 'Percent off' : draft.type === 'FIXED_AMOUNT' ? 'Amount off' : 'Price'}
          inputMode="decimal"
          value={draft.value}
          error={
            valueField.error ??
            (draft.type === 'PERCENTAGE' && Number(normalizeAmount(draft.value)) > 100
              ? 'A percentage is at most 100.'
              : undefined)
          }
        />
      </div>
      <SelectField<Scope>
        label="Applies to"
        value={draft.scope}
        options={scopes}
        onChange={(scope) => set({ scope })}
      />
      {draft.scope === 'COLLECTIONS' && <CollectionChoice draft={draft} set={set} />}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Starts" type="datetime-local" {...text('start')} />
        <TextField
          label="Ends"
          type="datetime-local"
          {...text('end')}
          error={endsFirst ? 'The end comes after the start.' : undefined}
        />
      </div>
    </>
  );
}

/** The collections whose products the discount applies to, ticked from the list. */
function CollectionChoice({ draft, set }: { draft: DiscountDraft; set: (change: Partial<DiscountDraft>) => void }) {
  const collections = useQuery(catalogQueries.collections(usePlaza()));
  const toggleCollection = (id: string, on: boolean) =>
    set({ collectionIds: on ? [...draft.collectionIds, id] : draft.collectionIds.filter((c) => c !== id) });
  return (
    <fieldset className="space-y-2 rounded-md border border-neutral-200 p-3">
      <legend className="px-1 text-sm font-medium">Collections</legend>
      {collections.isPending ? (
        <p className="text-sm text-neutral-500">Loading collections…</p>
      ) : !collections.data?.length ? (
        <p className="text-sm text-neutral-600">You have no collections yet. Add them under Store → Collections.</p>
      ) : (
        collections.data.map((c) => (
          <CheckboxField
            key={c.id}
            label={c.name}
            checked={draft.collectionIds.includes(c.id)}
            onChange={(checked) => toggleCollection(c.id, checked)}
          />
        ))
      )}
    </fieldset>
  );
}
