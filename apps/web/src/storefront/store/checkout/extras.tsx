import { tipQueries, usePlaza } from '@plaza/react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Checkout } from '@plaza/contracts';
import { Button } from '../../../ui/Button.js';
import { useAutosave } from './autosave.js';
import { CodeBox, appliedCoupon, codeProblem } from '../CodeBox.js';
import { FIELD } from './missing.js';
import { Input, Section } from './sections.js';
import { useCheckoutChange } from './useCheckout.js';

/**
 * The discount code and the gift card. A code is applied or refused at once, next to its box, in words; one that
 * stopped applying since (used up meanwhile) is said next to it, with a way to take it off.
 */
export function CodesSection({ checkout }: { checkout: Checkout }) {
  const coupon = useCheckoutChange(checkout.id);
  const card = useCheckoutChange(checkout.id);
  const applied = checkout.appliedDiscounts.find((d) => d.coupon)?.coupon;
  const why = (name: string) => checkout.violations.find((v) => v.target.other?.name === name)?.description;
  return (
    <Section title="Discount and gift card">
      <CodeBox
        id={FIELD.coupon}
        label="Discount code"
        applied={appliedCoupon(applied)}
        stored={
          checkout.couponCode && !applied ? { text: `Code ${checkout.couponCode}`, why: why('couponCode') } : undefined
        }
        busy={coupon.isPending}
        error={coupon.error ? codeProblem(coupon.error, 'couponCode') : undefined}
        onApply={(couponCode) => coupon.mutate({ kind: 'update', request: { couponCode } })}
        onRemove={() => coupon.mutate({ kind: 'removeCoupon' })}
        removeLabel="Remove code"
      />
      <CodeBox
        id={FIELD.giftCard}
        label="Gift card"
        applied={
          checkout.giftCard
            ? { text: `Gift card ${checkout.giftCard.obfuscatedCode}: −${checkout.giftCard.amount.formattedAmount}` }
            : undefined
        }
        stored={why('giftCard') ? { text: 'The gift card', why: why('giftCard') } : undefined}
        busy={card.isPending}
        error={card.error ? codeProblem(card.error, 'giftCardCode') : undefined}
        onApply={(giftCardCode) => card.mutate({ kind: 'update', request: { giftCardCode } })}
        onRemove={() => card.mutate({ kind: 'removeGiftCard' })}
        removeLabel="Remove gift card"
      />
    </Section>
  );
}

const AMOUNT = /^\d{1,9}(\.\d{1,2})?$/;

/** Tip presets from the owner's tip settings; absent when tips are off (or the settings cannot be read). */
export function TipSection({ checkout }: { checkout: Checkout }) {
  const change = useCheckoutChange(checkout.id);
  const { data } = useQuery(tipQueries.shopSettings(usePlaza()));
  const [custom, setCustom] = useState('');
  const setTip = (tip: { presetId?: string; amount?: { amount: string } }) =>
    change.mutate({
      kind: 'update',
      request: { checkout: { tip: { ...tip, source: 'WEB' } }, fieldMask: { paths: ['tip'] } },
    });
  // Another amount is kept as it is typed, like every other field.
  const { flush } = useAutosave(custom, {
    ready: AMOUNT.test(custom),
    save: (amount) => setTip({ amount: { amount } }),
  });
  if (!data?.enabled) return null;
  const current = checkout.tip?.presetId;
  return (
    <Section title="Add a tip" onLeave={flush} error={change.error}>
      <div className="flex flex-wrap gap-2">
        {data.presets.map((p) => (
          <Button
            key={p.id}
            variant={current === p.id ? 'primary' : 'secondary'}
            aria-pressed={current === p.id}
            onClick={() => setTip({ presetId: p.id })}
          >
            {p.type === 'PERCENTAGE' ? `${p.value}%` : p.value}
          </Button>
        ))}
        <Button
          variant={checkout.tip && Number(checkout.tip.amount.amount) === 0 ? 'primary' : 'secondary'}
          aria-pressed={!!checkout.tip && Number(checkout.tip.amount.amount) === 0}
          onClick={() => setTip({ amount: { amount: '0' } })}
        >
          No tip
        </Button>
      </div>
      {data.allowCustom && (
        <Input
          label="Other amount"
          inputMode="decimal"
          value={custom}
          onChange={(e) => setCustom(e.target.value.replace(',', '.'))}
        />
      )}
    </Section>
  );
}

type Values = Record<string, string | boolean>;

/** The owner's extra questions (checkout settings), typed: text, date, yes/no, number; kept as they are answered. */
export function CustomFieldsSection({ checkout }: { checkout: Checkout }) {
  const change = useCheckoutChange(checkout.id);
  const [values, setValues] = useState<Values>(() =>
    Object.fromEntries(
      checkout.customFields.map((f) => [
        f.key,
        f.value === undefined
          ? f.valueType === 'BOOLEAN'
            ? false
            : ''
          : typeof f.value === 'boolean'
            ? f.value
            : String(f.value),
      ]),
    ),
  );
  const { flush } = useAutosave(values, {
    save: (v) =>
      change.mutate({
        kind: 'update',
        request: {
          checkout: {
            customFields: checkout.customFields
              .filter((f) => v[f.key] !== '')
              .map((f) => ({ key: f.key, value: f.valueType === 'NUMBER' ? Number(v[f.key]) : v[f.key]! })),
          },
          fieldMask: { paths: ['customFields'] },
        },
      }),
  });
  if (!checkout.customFields.length) return null;
  return (
    <Section title="A few more details" onLeave={flush} error={change.error}>
      {checkout.customFields.map((f) =>
        f.valueType === 'BOOLEAN' ? (
          <label key={f.key} className="flex items-center gap-2 text-sm">
            <input
              id={FIELD.customField(f.key)}
              type="checkbox"
              className="h-4 w-4"
              checked={values[f.key] === true}
              onChange={(e) => setValues({ ...values, [f.key]: e.target.checked })}
            />
            {f.label}
          </label>
        ) : (
          <Input
            key={f.key}
            id={FIELD.customField(f.key)}
            label={f.required ? f.label : `${f.label} (optional)`}
            required={f.required}
            type={f.valueType === 'DATE' ? 'date' : f.valueType === 'NUMBER' ? 'number' : 'text'}
            value={String(values[f.key] ?? '')}
            onChange={(e) => setValues({ ...values, [f.key]: e.target.value })}
          />
        ),
      )}
    </Section>
  );
}
