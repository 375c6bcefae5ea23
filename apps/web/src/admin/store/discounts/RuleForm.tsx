import { useState, type FormEvent } from 'react';
import type { Discount, DiscountRuleInput, Trigger } from '@plaza/contracts';
import { Button } from '../../../ui/Button.js';
import { TextField } from '../../../ui/Field.js';
import { FormProblems } from '../../../ui/FormProblems.js';
import type { FormRules } from '../../../ui/formRules.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { SelectField } from '../../ui/SelectField.js';
import { isAmount, normalizeAmount } from '../productDraft.js';
import { useCreateDiscountRule } from './api.js';

type Type = Discount['type'];
type Scope = Exclude<Discount['scope'], 'SPECIFIC_ITEMS'>;
type When = '' | 'SUBTOTAL_RANGE' | 'ITEM_QUANTITY_RANGE';
const rules: FormRules<'name' | 'value'> = {
  name: { label: 'Name', required: true, requiredMessage: 'Name the discount, such as “10% over 50”.', maxLength: 200 },
  value: { label: 'Discount', required: true, valid: isAmount, formatHint: 'Enter a number such as 10 or 4.50.' },
};
const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** An automatic discount: what it takes off, when it applies (order total or item count), and its dates. */
export function RuleForm({ onDone }: { onDone: () => void }) {
  const create = useCreateDiscountRule();
  const toast = useToast();
  const [v, setV] = useState({
    name: '',
    type: 'PERCENTAGE' as Type,
    scope: 'GLOBAL' as Scope,
    value: '',
    when: '' as When,
    from: '',
    to: '',
    start: '',
    end: '',
  });
  const set = (change: Partial<typeof v>) => setV((old) => ({ ...old, ...change }));
  const [tried, setTried] = useState(false);
  const form = useFormRules(
    rules,
    { name: v.name.trim() ? v.name : '', value: v.value },
    { serverError: create.error },
  );
  const bound = (s: string) => (v.when === 'ITEM_QUANTITY_RANGE' ? /^\d+$/.test(s) : isAmount(s));
  const problem =
    v.type === 'PERCENTAGE' && Number(normalizeAmount(v.value)) > 100
      ? 'A percentage is at most 100.'
      : v.when && !v.from.trim() && !v.to.trim()
        ? 'Enter where the range starts, ends, or both.'
        : v.when && [v.from, v.to].some((s) => s.trim() && !bound(s.trim()))
          ? 'Enter the range as numbers, such as 50 and 100.'
          : v.start && v.end && v.end <= v.start
            ? 'The end comes after the start.'
            : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!form.check() || problem) return;
    const amount = normalizeAmount(v.value);
    const discount =
      v.type === 'PERCENTAGE'
        ? { type: v.type, scope: v.scope, percentage: Number(amount) }
        : v.type === 'FIXED_AMOUNT'
          ? { type: v.type, scope: v.scope, fixedAmount: { amount } }
          : { type: v.type, scope: v.scope, fixedPrice: { amount } };
    const from = v.from.trim();
    const to = v.to.trim();
    const trigger: Trigger | undefined =
      v.when === 'SUBTOTAL_RANGE'
        ? {
            type: v.when,
            subtotalRange: {
              ...(from ? { from: { amount: normalizeAmount(from) } } : {}),
              ...(to ? { to: { amount: normalizeAmount(to) } } : {}),
            },
          }
        : v.when === 'ITEM_QUANTITY_RANGE'
          ? {
              type: v.when,
              itemQuantityRange: { ...(from ? { from: Number(from) } : {}), ...(to ? { to: Number(to) } : {}) },
            }
          : undefined;
    const start = iso(v.start);
    const end = iso(v.end);
    const input: DiscountRuleInput = {
      name: v.name.trim(),
      active: true,
      discount,
      ...(trigger ? { trigger } : {}),
      ...(start || end ? { activeTimeInfo: { ...(start ? { start } : {}), ...(end ? { end } : {}) } } : {}),
    };
    create.mutate(input, {
      onSuccess: (r) => {
        toast(`${r.discountRule.name} is saved`);
        onDone();
      },
    });
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <TextField
        {...form.field('name')}
        value={v.name}
        onChange={(e) => {
          set({ name: e.target.value });
          form.edited('name');
        }}
      />
      <div className="grid grid-cols-2 gap-3">
        <SelectField<Type>
          label="Type"
          value={v.type}
          options={[
            { value: 'PERCENTAGE', label: 'Percentage off' },
            { value: 'FIXED_AMOUNT', label: 'Amount off' },
            { value: 'FIXED_PRICE', label: 'Fixed price' },
          ]}
          onChange={(type) => set({ type })}
        />
        <TextField
          {...form.field('value')}
          label={v.type === 'PERCENTAGE' ? 'Percent off' : v.type === 'FIXED_AMOUNT' ? 'Amount off' : 'Price'}
          inputMode="decimal"
          value={v.value}
          onChange={(e) => {
            set({ value: e.target.value });
            form.edited('value');
          }}
        />
      </div>
      <SelectField<Scope>
        label="Applies to"
        value={v.scope}
        options={[
          { value: 'GLOBAL', label: 'Everything in the order' },
          { value: 'SHIPPING', label: 'Shipping' },
        ]}
        onChange={(scope) => set({ scope })}
      />
      <SelectField<When>
        label="When"
        value={v.when}
        options={[
          { value: '', label: 'Always' },
          { value: 'SUBTOTAL_RANGE', label: 'The order total is in a range' },
          { value: 'ITEM_QUANTITY_RANGE', label: 'The number of items is in a range' },
        ]}
        onChange={(when) => set({ when })}
      />
      {v.when && (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="From"
            hint="Empty: no minimum."
            inputMode="decimal"
            value={v.from}
            onChange={(e) => set({ from: e.target.value })}
          />
          <TextField
            label="To"
            hint="Empty: no maximum."
            inputMode="decimal"
            value={v.to}
            onChange={(e) => set({ to: e.target.value })}
          />
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Starts"
          type="datetime-local"
          value={v.start}
          onChange={(e) => set({ start: e.target.value })}
        />
        <TextField label="Ends" type="datetime-local" value={v.end} onChange={(e) => set({ end: e.target.value })} />
      </div>
      {tried && problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <FormProblems form={form} error={create.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={create.isPending}>
          Create discount
        </Button>
      </div>
    </form>
  );
}
