import { useState, type FormEvent } from 'react';
import type { ShippingOption, ShippingOptionInput } from '@plaza/sdk/ecom';
import { shippingMutations, usePlazaMutation } from '@plaza/react';
import { TextField } from '../../../ui/Field.js';
import { FormProblems } from '../../../ui/FormProblems.js';
import type { FormRules } from '../../../ui/formRules.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { isAmount, normalizeAmount } from '../productDraft.js';
import { RatesFieldset, SlotsFieldset, type RateDraft, type SlotDraft } from './OptionFields.js';
import { FormActions } from '../../../ui/FormActions.js';

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

const rateDraftsOf = (option: ShippingOption | null): RateDraft[] =>
  option?.rates.map((r) => ({
    price: r.price.amount,
    type: r.conditions[0]?.type ?? '',
    operator: r.conditions[0]?.operator ?? 'GTE',
    value: r.conditions[0]?.value ?? '',
  })) ?? [{ price: '', type: '', operator: 'GTE', value: '' }];

/** What to fix in the rates or slots first, in words. */
const rateProblemOf = (rates: RateDraft[], slots: SlotDraft[]) =>
  rates.some((r) => !isAmount(r.price))
    ? 'Enter each rate’s price as a number such as 4.90.'
    : rates.some((r) => r.type && !isAmount(r.value))
      ? 'Enter the amount each rate depends on, such as 50.'
      : slots.some((s) => s.toHour <= s.fromHour)
        ? 'A delivery slot ends after it starts.'
        : undefined;

/** The save's input. An edit clears an emptied delivery time or free-over with null; a new option leaves them out. */
function saveVarsOf(
  regionId: string,
  option: ShippingOption | null,
  d: { title: string; eta: string; free: string; rates: RateDraft[]; slots: SlotDraft[] },
) {
  const base = {
    shippingRegionId: regionId,
    title: d.title.trim(),
    rates: ratesOf(d.rates),
    deliveryTimeSlots: d.slots,
  };
  const freeOver = d.free.trim() ? { amount: normalizeAmount(d.free) } : null;
  const eta = d.eta.trim();
  return option
    ? { id: option.id, option: { ...base, estimatedDeliveryTime: eta || null, freeShippingOver: freeOver } }
    : {
        id: null,
        option: {
          ...base,
          ...(eta ? { estimatedDeliveryTime: eta } : {}),
          ...(freeOver ? { freeShippingOver: freeOver } : {}),
        },
      };
}

/** Saves the option, then says so and closes. */
function useOptionSave(onDone: () => void) {
  const save = usePlazaMutation(shippingMutations.saveOption);
  const toast = useToast();
  const send = (vars: ReturnType<typeof saveVarsOf>) =>
    save.mutate(vars, {
      onSuccess: (r) => {
        toast(`${r.shippingOption.title} is saved`);
        onDone();
      },
    });
  return { save, send };
}

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
  const { save, send } = useOptionSave(onDone);
  const [title, setTitle] = useState(option?.title ?? '');
  const [eta, setEta] = useState(option?.estimatedDeliveryTime ?? '');
  const [free, setFree] = useState(option?.freeShippingOver?.amount ?? '');
  const [rates, setRates] = useState<RateDraft[]>(() => rateDraftsOf(option));
  const [slots, setSlots] = useState<SlotDraft[]>(option?.deliveryTimeSlots ?? []);
  const [tried, setTried] = useState(false);
  const form = useFormRules(
    optionRules,
    { title: title.trim() ? title : '', estimatedDeliveryTime: eta, freeShippingOver: free },
    { serverError: save.error },
  );
  const rateProblem = rateProblemOf(rates, slots);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!form.check() || rateProblem) return;
    send(saveVarsOf(regionId, option, { title, eta, free, rates, slots }));
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <TextField {...form.bind('title', title, setTitle)} placeholder="Standard" />
      <TextField
        {...form.field('estimatedDeliveryTime')}
        placeholder="3–5 business days"
        value={eta}
        onChange={(e) => setEta(e.target.value)}
      />
      <RatesFieldset rates={rates} setRates={setRates} />
      <TextField
        {...form.bind('freeShippingOver', free, setFree)}
        hint="Optional: orders of at least this much ship free."
        inputMode="decimal"
      />
      <SlotsFieldset slots={slots} setSlots={setSlots} />
      {tried && (rateProblem || form.errors.rates) && (
        <p role="alert" className="text-sm text-red-700">
          {rateProblem ?? form.errors.rates}
        </p>
      )}
      <FormProblems form={form} error={save.error} />
      <FormActions submitLabel={option ? 'Save option' : 'Add option'} busy={save.isPending} onCancel={onCancel} />
    </form>
  );
}
