import { useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import type { DiscountRule, DiscountRuleInput, Trigger } from '@plaza/contracts';
import { discountMutations, usePlazaMutation } from '@plaza/react';
import { TextField } from '../../../ui/Field.js';
import { FormAlert, FormProblems } from '../../../ui/FormProblems.js';
import type { FormRules } from '../../../ui/formRules.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { SelectField } from '../../ui/SelectField.js';
import { isAmount, normalizeAmount } from '../productDraft.js';
import { DiscountFields, discountDraft, discountProblem, toActiveTimeInfo, toDiscountInput } from './DiscountFields.js';
import { FormActions } from '../../../ui/FormActions.js';

/** '' always; KEPT: conditions made elsewhere (several combined, or an app's) that this form leaves as they are. */
type When = '' | 'SUBTOTAL_RANGE' | 'ITEM_QUANTITY_RANGE' | 'KEPT';
const rules: FormRules<'name' | 'value'> = {
  name: { label: 'Name', required: true, requiredMessage: 'Name the discount, such as “10% over 50”.', maxLength: 200 },
  value: { label: 'Discount', required: true, valid: isAmount, formatHint: 'Enter a number such as 10 or 4.50.' },
};

function whenDraft(t: Trigger | undefined) {
  if (!t) return { when: '' as When, from: '', to: '' };
  if (t.type === 'SUBTOTAL_RANGE') {
    return { when: t.type as When, from: t.subtotalRange?.from?.amount ?? '', to: t.subtotalRange?.to?.amount ?? '' };
  }
  if (t.type === 'ITEM_QUANTITY_RANGE') {
    const r = t.itemQuantityRange;
    return { when: t.type as When, from: String(r?.from ?? ''), to: String(r?.to ?? '') };
  }
  return { when: 'KEPT' as When, from: '', to: '' };
}

function toTrigger(when: When, fromText: string, toText: string): Trigger | undefined {
  const from = fromText.trim();
  const to = toText.trim();
  if (when === 'SUBTOTAL_RANGE') {
    return {
      type: when,
      subtotalRange: {
        ...(from ? { from: { amount: normalizeAmount(from) } } : {}),
        ...(to ? { to: { amount: normalizeAmount(to) } } : {}),
      },
    };
  }
  if (when === 'ITEM_QUANTITY_RANGE') {
    return {
      type: when,
      itemQuantityRange: { ...(from ? { from: Number(from) } : {}), ...(to ? { to: Number(to) } : {}) },
    };
  }
  return undefined;
}
type RangeDraft = ReturnType<typeof whenDraft>;

/** What to fix in the discount or its range first, in words. */
function ruleProblemOf(discount: ReturnType<typeof discountDraft>, range: RangeDraft) {
  const bound = (s: string) => (range.when === 'ITEM_QUANTITY_RANGE' ? /^\d+$/.test(s) : isAmount(s));
  const ranged = range.when === 'SUBTOTAL_RANGE' || range.when === 'ITEM_QUANTITY_RANGE';
  return (
    discountProblem(discount) ??
    (ranged && !range.from.trim() && !range.to.trim()
      ? 'Enter where the range starts, ends, or both.'
      : ranged && [range.from, range.to].some((s) => s.trim() && !bound(s.trim()))
        ? 'Enter the range as numbers, such as 50 and 100.'
        : undefined)
  );
}

/** An automatic discount: what it takes off, when it applies (order total or item count), and its dates. */
export function RuleForm({ rule, onDone }: { rule: DiscountRule | null; onDone: () => void }) {
  const save = usePlazaMutation(discountMutations.saveRule);
  const toast = useToast();
  const [name, setName] = useState(rule?.name ?? '');
  const [discount, setDiscount] = useState(() => discountDraft(rule?.discount, rule?.activeTimeInfo));
  const [range, setRange] = useState(() => whenDraft(rule?.trigger));
  const [tried, setTried] = useState(false);
  const form = useFormRules<'name' | 'value'>(
    rules,
    { name: name.trim() ? name : '', value: discount.value },
    { serverError: save.error, fieldOf: (p) => (p.includes('discount') ? 'value' : undefined) },
  );
  const problem = ruleProblemOf(discount, range);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!form.check() || problem) return;
    const trigger = toTrigger(range.when, range.from, range.to);
    const input: DiscountRuleInput = {
      name: name.trim(),
      discount: toDiscountInput(discount),
      activeTimeInfo: toActiveTimeInfo(discount),
      ...(rule ? {} : { active: true }),
      // "Always" on an edit sends no trigger under its mask path, which removes the condition; KEPT leaves it alone.
      ...(range.when === 'KEPT' ? {} : { trigger }),
    };
    save.mutate(
      { id: rule?.id ?? null, rule: input },
      {
        onSuccess: (r) => {
          toast(`${r.discountRule.name} is saved`);
          onDone();
        },
      },
    );
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <TextField {...form.bind('name', name, setName)} />
      <DiscountFields
        draft={discount}
        set={(change) => setDiscount((d) => ({ ...d, ...change }))}
        valueField={form.bind('value', discount.value, (value) => setDiscount((d) => ({ ...d, value })))}
      />
      <RangeFields range={range} setRange={setRange} />
      <FormAlert>{tried && problem}</FormAlert>
      <FormProblems form={form} error={save.error} />
      <FormActions submitLabel={rule ? 'Save' : 'Create discount'} busy={save.isPending} onCancel={onDone} />
    </form>
  );
}

/** When the discount applies: always, or while the order total or item count is in a range. */
function RangeFields({ range, setRange }: { range: RangeDraft; setRange: Dispatch<SetStateAction<RangeDraft>> }) {
  const ranged = range.when === 'SUBTOTAL_RANGE' || range.when === 'ITEM_QUANTITY_RANGE';
  const whenOptions: Array<{ value: When; label: string }> = [
    { value: '', label: 'Always' },
    { value: 'SUBTOTAL_RANGE', label: 'The order total is in a range' },
    { value: 'ITEM_QUANTITY_RANGE', label: 'The number of items is in a range' },
  ];
  if (range.when === 'KEPT') whenOptions.push({ value: 'KEPT', label: 'Its current conditions (unchanged)' });
  return (
    <>
      <SelectField<When>
        label="When"
        value={range.when}
        options={whenOptions}
        onChange={(when) => setRange((r) => ({ ...r, when }))}
      />
      {ranged && (
        <div className="grid grid-cols-2 gap-3">
          <TextField
            label="From"
            hint="Empty: no minimum."
            inputMode="decimal"
            value={range.from}
            onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))}
          />
          <TextField
            label="To"
            hint="Empty: no maximum."
            inputMode="decimal"
            value={range.to}
            onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))}
          />
        </div>
      )}
    </>
  );
}
