import { useState, type FormEvent } from 'react';
import type { CouponInput, Discount } from '@plaza/contracts';
import { Button } from '../../../ui/Button.js';
import { TextField } from '../../../ui/Field.js';
import { FormProblems } from '../../../ui/FormProblems.js';
import type { FormRules } from '../../../ui/formRules.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { SelectField } from '../../ui/SelectField.js';
import { isAmount, normalizeAmount } from '../productDraft.js';
import { useCreateCoupon } from './api.js';

type Type = Discount['type'];
type Scope = Exclude<Discount['scope'], 'SPECIFIC_ITEMS'>;
const whole = (v: string) => /^\d+$/.test(v) && Number(v) >= 1;
const rules: FormRules<'code' | 'name' | 'value' | 'minimumSubtotal' | 'usageLimit' | 'limitPerCustomer'> = {
  code: {
    label: 'Code',
    required: true,
    requiredMessage: 'Choose the code buyers type, such as SUMMER10.',
    maxLength: 50,
    pattern: '^[A-Za-z0-9_-]+$',
    formatHint: 'A code has letters, digits, - and _ only, such as SUMMER-10.',
  },
  name: { label: 'Name', required: true, requiredMessage: 'Name the coupon for yourself.', maxLength: 200 },
  value: { label: 'Discount', required: true, valid: isAmount, formatHint: 'Enter a number such as 10 or 4.50.' },
  minimumSubtotal: { label: 'Minimum order', valid: isAmount, formatHint: 'Enter an amount such as 30.' },
  usageLimit: { label: 'Uses in all', valid: whole, formatHint: 'Enter a whole number, or leave it empty.' },
  limitPerCustomer: {
    label: 'Uses per customer',
    valid: whole,
    formatHint: 'Enter a whole number, or leave it empty.',
  },
};
const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);

/** A code buyers enter at checkout: what it takes off, from what, how often, and when. */
export function CouponForm({ onDone }: { onDone: () => void }) {
  const create = useCreateCoupon();
  const toast = useToast();
  const [v, setV] = useState({
    code: '',
    name: '',
    type: 'PERCENTAGE' as Type,
    scope: 'GLOBAL' as Scope,
    value: '',
    minimumSubtotal: '',
    usageLimit: '',
    limitPerCustomer: '',
    start: '',
    end: '',
  });
  const set = (change: Partial<typeof v>) => setV((old) => ({ ...old, ...change }));
  const form = useFormRules(rules, { ...v, name: v.name.trim() ? v.name : '' }, { serverError: create.error });
  const field = (f: 'code' | 'name' | 'value' | 'minimumSubtotal' | 'usageLimit' | 'limitPerCustomer', extra = {}) => (
    <TextField
      {...form.field(f)}
      {...extra}
      value={v[f]}
      onChange={(e) => {
        set({ [f]: e.target.value });
        form.edited(f);
      }}
    />
  );
  const percentTooHigh = v.type === 'PERCENTAGE' && Number(normalizeAmount(v.value)) > 100;
  const endsFirst = Boolean(v.start && v.end && v.end <= v.start);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check() || percentTooHigh || endsFirst) return;
    const amount = normalizeAmount(v.value);
    const discount =
      v.type === 'PERCENTAGE'
        ? { type: v.type, scope: v.scope, percentage: Number(amount) }
        : v.type === 'FIXED_AMOUNT'
          ? { type: v.type, scope: v.scope, fixedAmount: { amount } }
          : { type: v.type, scope: v.scope, fixedPrice: { amount } };
    const start = iso(v.start);
    const end = iso(v.end);
    const input: CouponInput = {
      code: v.code.trim(),
      name: v.name.trim(),
      active: true,
      discount,
      ...(v.minimumSubtotal.trim() ? { minimumSubtotal: { amount: normalizeAmount(v.minimumSubtotal) } } : {}),
      ...(v.usageLimit ? { usageLimit: Number(v.usageLimit) } : {}),
      ...(v.limitPerCustomer ? { limitPerCustomer: Number(v.limitPerCustomer) } : {}),
      ...(start || end ? { activeTimeInfo: { ...(start ? { start } : {}), ...(end ? { end } : {}) } } : {}),
    };
    create.mutate(input, {
      onSuccess: (r) => {
        toast(`${r.coupon.code} is ready`);
        onDone();
      },
    });
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      {field('code', { placeholder: 'SUMMER10', autoCapitalize: 'characters', hint: 'What buyers type at checkout.' })}
      {field('name', { placeholder: 'Summer sale' })}
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
        {field('value', {
          label: v.type === 'PERCENTAGE' ? 'Percent off' : v.type === 'FIXED_AMOUNT' ? 'Amount off' : 'Price',
          inputMode: 'decimal',
          error: form.errors.value ?? (percentTooHigh ? 'A percentage is at most 100.' : undefined),
        })}
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
      {field('minimumSubtotal', { inputMode: 'decimal', hint: 'Optional: the order must reach this much.' })}
      <div className="grid grid-cols-2 gap-3">
        {field('usageLimit', { inputMode: 'numeric', hint: 'Empty: no limit.' })}
        {field('limitPerCustomer', { inputMode: 'numeric', hint: 'Empty: no limit.' })}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Starts"
          type="datetime-local"
          value={v.start}
          onChange={(e) => set({ start: e.target.value })}
        />
        <TextField
          label="Ends"
          type="datetime-local"
          value={v.end}
          error={endsFirst ? 'The end comes after the start.' : undefined}
          onChange={(e) => set({ end: e.target.value })}
        />
      </div>
      <FormProblems form={form} error={create.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" busy={create.isPending}>
          Create coupon
        </Button>
      </div>
    </form>
  );
}
