import { useState, type FormEvent } from 'react';
import type { ShippingOption, ShippingOptionInput } from '@plaza/sdk/ecom';
import { Button } from '../../../ui/Button.js';
import { TextField } from '../../../ui/Field.js';
import { FormProblems } from '../../../ui/FormProblems.js';
import type { FormRules } from '../../../ui/formRules.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { SelectField } from '../../ui/SelectField.js';
import { isAmount, normalizeAmount } from '../productDraft.js';
import { useSaveOption } from './api.js';
import { hourLabel, OPERATORS, RULE_TYPES, WEEKDAYS, type RuleOperator, type RuleType, type Weekday } from './words.js';

interface RateDraft {
  price: string;
  type: RuleType | '';
  operator: RuleOperator;
  value: string;
}
interface SlotDraft {
  weekday: Weekday;
  fromHour: number;
  toHour: number;
}

export const optionRules: FormRules<'title' | 'estimatedDeliveryTime' | 'freeShippingOver' | 'rates'> = {
  title: { label: 'Name', required: true, requiredMessage: 'Name the option, such as “Standard”.', maxLength: 100 },
  estimatedDeliveryTime: { label: 'Delivery time', maxLength: 500 },
  freeShippingOver: {
    label: 'Free over',
    valid: isAmount,
    formatHint: 'Enter the order total for free shipping as a number such as 50.',
  },
  rates: { label: 'Rates' },
};

/** One condition per rate on screen; the server's first matching rate is the price, so order matters. */
function ratesOf(rates: RateDraft[]): ShippingOptionInput['rates'] {
  return rates.map((r) => ({
    price: { amount: normalizeAmount(r.price) },
    ...(r.type ? { conditions: [{ type: r.type, operator: r.operator, value: normalizeAmount(r.value) }] } : {}),
  }));
}

const hours = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => ({ value: String(from + i), label: hourLabel(from + i) }));

/** A way to ship to one region: its rates (flat, or by total, weight or item count), free-over and delivery slots. */
export function OptionForm({
  regionId,
  option,
  onDone,
  onCancel,
}: {
  regionId: string;
  option: ShippingOption | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const save = useSaveOption();
  const toast = useToast();
  const [title, setTitle] = useState(option?.title ?? '');
  const [eta, setEta] = useState(option?.estimatedDeliveryTime ?? '');
  const [free, setFree] = useState(option?.freeShippingOver?.amount ?? '');
  const [rates, setRates] = useState<RateDraft[]>(
    option?.rates.map((r) => ({
      price: r.price.amount,
      type: r.conditions[0]?.type ?? '',
      operator: r.conditions[0]?.operator ?? 'GTE',
      value: r.conditions[0]?.value ?? '',
    })) ?? [{ price: '', type: '', operator: 'GTE', value: '' }],
  );
  const [slots, setSlots] = useState<SlotDraft[]>(option?.deliveryTimeSlots ?? []);
  const [tried, setTried] = useState(false);
  const form = useFormRules(
    optionRules,
    { title: title.trim() ? title : '', estimatedDeliveryTime: eta, freeShippingOver: free },
    { serverError: save.error },
  );
  const rateProblem = rates.some((r) => !isAmount(r.price))
    ? 'Enter each rate’s price as a number such as 4.90.'
    : rates.some((r) => r.type && !isAmount(r.value))
      ? 'Enter the amount each rate depends on, such as 50.'
      : slots.some((s) => s.toHour <= s.fromHour)
        ? 'A delivery slot ends after it starts.'
        : undefined;
  const setRate = (i: number, change: Partial<RateDraft>) =>
    setRates((all) => all.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const setSlot = (i: number, change: Partial<SlotDraft>) =>
    setSlots((all) => all.map((s, j) => (j === i ? { ...s, ...change } : s)));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!form.check() || rateProblem) return;
    const base = { shippingRegionId: regionId, title: title.trim(), rates: ratesOf(rates), deliveryTimeSlots: slots };
    const freeOver = free.trim() ? { amount: normalizeAmount(free) } : null;
    // An edit clears an emptied delivery time or free-over with null; a new option leaves them out.
    const vars = option
      ? { id: option.id, option: { ...base, estimatedDeliveryTime: eta.trim() || null, freeShippingOver: freeOver } }
      : {
          id: null,
          option: {
            ...base,
            ...(eta.trim() ? { estimatedDeliveryTime: eta.trim() } : {}),
            ...(freeOver ? { freeShippingOver: freeOver } : {}),
          },
        };
    save.mutate(vars, {
      onSuccess: (r) => {
        toast(`${r.shippingOption.title} is saved`);
        onDone();
      },
    });
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <TextField
        {...form.field('title')}
        placeholder="Standard"
        value={title}
        onChange={(e) => {
          setTitle(e.target.value);
          form.edited('title');
        }}
      />
      <TextField
        {...form.field('estimatedDeliveryTime')}
        placeholder="3–5 business days"
        value={eta}
        onChange={(e) => setEta(e.target.value)}
      />
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-neutral-800">Rates</legend>
        <p className="text-xs text-neutral-600">The first rate that applies to an order is its price.</p>
        {rates.map((r, i) => (
          <div key={i} className="grid grid-cols-2 gap-3 rounded-md border border-neutral-200 p-3">
            <TextField
              label={`Rate ${i + 1} price`}
              inputMode="decimal"
              value={r.price}
              onChange={(e) => setRate(i, { price: e.target.value })}
            />
            <SelectField<RuleType | ''>
              label="When"
              value={r.type}
              options={RULE_TYPES}
              onChange={(type) => setRate(i, { type })}
            />
            {r.type && (
              <>
                <SelectField<RuleOperator>
                  label="Condition"
                  value={r.operator}
                  options={OPERATORS}
                  onChange={(operator) => setRate(i, { operator })}
                />
                <TextField
                  label={r.type === 'BY_TOTAL_QUANTITY' ? 'Items' : r.type === 'BY_TOTAL_WEIGHT' ? 'Weight' : 'Amount'}
                  inputMode="decimal"
                  value={r.value}
                  onChange={(e) => setRate(i, { value: e.target.value })}
                />
              </>
            )}
            {rates.length > 1 && (
              <Button
                variant="ghost"
                className="col-span-2 justify-self-start"
                onClick={() => setRates((all) => all.filter((_, j) => j !== i))}
              >
                Remove rate {i + 1}
              </Button>
            )}
          </div>
        ))}
        <Button
          variant="secondary"
          onClick={() => setRates((all) => [...all, { price: '', type: 'BY_TOTAL_PRICE', operator: 'GTE', value: '' }])}
        >
          Add a rate
        </Button>
      </fieldset>
      <TextField
        {...form.field('freeShippingOver')}
        hint="Optional: orders of at least this much ship free."
        inputMode="decimal"
        value={free}
        onChange={(e) => {
          setFree(e.target.value);
          form.edited('freeShippingOver');
        }}
      />
      <fieldset className="space-y-3">
        <legend className="mb-1 text-sm font-medium text-neutral-800">Delivery slots</legend>
        <p className="text-xs text-neutral-600">Optional: the weekly windows buyers can choose from.</p>
        {slots.map((s, i) => (
          <div key={i} className="flex flex-wrap items-end gap-2">
            <SelectField<Weekday>
              label={`Slot ${i + 1} day`}
              value={s.weekday}
              options={WEEKDAYS}
              onChange={(weekday) => setSlot(i, { weekday })}
            />
            <SelectField
              label="From"
              value={String(s.fromHour)}
              options={hours(0, 23)}
              onChange={(v) => setSlot(i, { fromHour: Number(v) })}
            />
            <SelectField
              label="To"
              value={String(s.toHour)}
              options={hours(1, 24)}
              onChange={(v) => setSlot(i, { toHour: Number(v) })}
            />
            <Button variant="ghost" onClick={() => setSlots((all) => all.filter((_, j) => j !== i))}>
              Remove
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          onClick={() => setSlots((all) => [...all, { weekday: 'MON', fromHour: 9, toHour: 12 }])}
        >
          Add a slot
        </Button>
      </fieldset>
      {tried && (rateProblem || form.errors.rates) && (
        <p role="alert" className="text-sm text-red-700">
          {rateProblem ?? form.errors.rates}
        </p>
      )}
      <FormProblems form={form} error={save.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={save.isPending}>
          {option ? 'Save option' : 'Add option'}
        </Button>
      </div>
    </form>
  );
}
