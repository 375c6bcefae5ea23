import { useState, type FormEvent } from 'react';
import type { Coupon, CouponInput } from '@plaza/contracts';
import { discountMutations, usePlazaMutation } from '@plaza/react';
import { TextField } from '../../../ui/Field.js';
import { FormAlert, FormProblems } from '../../../ui/FormProblems.js';
import type { FormRules } from '../../../ui/formRules.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { isAmount, normalizeAmount } from '../productDraft.js';
import { DiscountFields, discountDraft, discountProblem, toActiveTimeInfo, toDiscountInput } from './DiscountFields.js';
import { FormActions } from '../../../ui/FormActions.js';

const whole = (v: string) => /^\d+$/.test(v) && Number(v) >= 1;
type Field = 'code' | 'name' | 'value' | 'minimumSubtotal' | 'usageLimit' | 'limitPerCustomer';
const rules: FormRules<Field> = {
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
type Limits = 'minimumSubtotal' | 'usageLimit' | 'limitPerCustomer';

type CouponValues = Record<'code' | 'name' | Limits, string>;

function couponInputOf(
  coupon: Coupon | null,
  v: CouponValues,
  discount: ReturnType<typeof discountDraft>,
): CouponInput {
  return {
    code: v.code.trim(),
    name: v.name.trim(),
    discount: toDiscountInput(discount),
    activeTimeInfo: toActiveTimeInfo(discount),
    ...(coupon ? {} : { active: true }),
    // An emptied limit is sent as absent under its mask path, which removes it on an edit.
    minimumSubtotal: v.minimumSubtotal.trim() ? { amount: normalizeAmount(v.minimumSubtotal) } : undefined,
    usageLimit: v.usageLimit.trim() ? Number(v.usageLimit) : undefined,
    limitPerCustomer: v.limitPerCustomer.trim() ? Number(v.limitPerCustomer) : undefined,
  };
}

/** Saves the coupon, then says so and closes. */
function useCouponSave(coupon: Coupon | null, onDone: () => void) {
  const save = usePlazaMutation(discountMutations.saveCoupon);
  const toast = useToast();
  const send = (input: CouponInput) =>
    save.mutate(
      { id: coupon?.id ?? null, coupon: input },
      {
        onSuccess: (r) => {
          toast(coupon ? `${r.coupon.code} is saved` : `${r.coupon.code} is ready`);
          onDone();
        },
      },
    );
  return { save, send };
}

/** A code buyers enter at checkout: what it takes off, from what, how often, and when. */
export function CouponForm({ coupon, onDone }: { coupon: Coupon | null; onDone: () => void }) {
  const { save, send } = useCouponSave(coupon, onDone);
  const [v, setV] = useState({
    code: coupon?.code ?? '',
    name: coupon?.name ?? '',
    minimumSubtotal: coupon?.minimumSubtotal?.amount ?? '',
    usageLimit: coupon?.usageLimit ? String(coupon.usageLimit) : '',
    limitPerCustomer: coupon?.limitPerCustomer ? String(coupon.limitPerCustomer) : '',
  });
  const [discount, setDiscount] = useState(() => discountDraft(coupon?.discount, coupon?.activeTimeInfo));
  const [tried, setTried] = useState(false);
  const set = (change: Partial<typeof v>) => setV((old) => ({ ...old, ...change }));
  const form = useFormRules<Field>(
    rules,
    { ...v, name: v.name.trim() ? v.name : '', value: discount.value },
    { serverError: save.error, fieldOf: (p) => (p.includes('discount') ? 'value' : undefined) },
  );
  const field = (f: 'code' | 'name' | Limits, extra = {}) => (
    <TextField {...form.bind(f, v[f], (value) => set({ [f]: value }))} {...extra} />
  );
  const problem = discountProblem(discount);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!form.check() || problem) return;
    send(couponInputOf(coupon, v, discount));
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      {field('code', { placeholder: 'SUMMER10', autoCapitalize: 'characters', hint: 'What buyers type at checkout.' })}
      {field('name', { placeholder: 'Summer sale' })}
      <DiscountFields
        draft={discount}
        set={(change) => setDiscount((d) => ({ ...d, ...change }))}
        valueField={form.bind('value', discount.value, (value) => setDiscount((d) => ({ ...d, value })))}
      />
      {field('minimumSubtotal', { inputMode: 'decimal', hint: 'Optional: the order must reach this much.' })}
      <div className="grid grid-cols-2 gap-3">
        {field('usageLimit', { inputMode: 'numeric', hint: 'Empty: no limit.' })}
        {field('limitPerCustomer', { inputMode: 'numeric', hint: 'Empty: no limit.' })}
      </div>
      <FormAlert>{tried && problem}</FormAlert>
      <FormProblems form={form} error={save.error} />
      <FormActions submitLabel={coupon ? 'Save' : 'Create coupon'} busy={save.isPending} onCancel={onDone} />
    </form>
  );
}
