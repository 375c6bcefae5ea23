import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Checkout } from '@plaza/contracts';
import { Button } from '../../../ui/Button.js';
import { inputClass } from '../../../ui/Field.js';
import { shopKeys, usePlazaClient } from '../api.js';
import { describeProblem } from '../problems.js';
import { Input, Section, type Save } from './sections.js';

/** A code box (coupon or gift card): apply, or show what is applied with a way to take it off. */
function CodeBox({
  label,
  applied,
  onApply,
  onRemove,
  save,
}: {
  label: string;
  applied?: string;
  onApply: (code: string) => void;
  onRemove: () => void;
  save: Save;
}) {
  const [code, setCode] = useState('');
  const id = `code-${label.replace(/\W/g, '')}`;
  if (applied)
    return (
      <div className="flex items-center justify-between gap-2 text-sm">
        <span>
          {label}: <strong className="font-mono">{applied}</strong>
        </span>
        <Button variant="ghost" className="min-h-8 px-2 text-xs" onClick={onRemove}>
          Remove
        </Button>
      </div>
    );
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          className={inputClass}
          value={code}
          autoComplete="off"
          maxLength={100}
          onChange={(e) => setCode(e.target.value)}
        />
        <Button variant="secondary" disabled={!code.trim() || save.isPending} onClick={() => onApply(code.trim())}>
          Apply
        </Button>
      </div>
    </div>
  );
}

export function CodesSection({ checkout, save }: { checkout: Checkout; save: Save }) {
  const [error, setError] = useState<unknown>(null);
  const run = (c: Parameters<Save['mutate']>[0]) => {
    setError(null);
    save.mutate(c, { onError: setError });
  };
  return (
    <Section title="Discount and gift card" save={save}>
      <CodeBox
        label="Discount code"
        save={save}
        applied={checkout.couponCode}
        onApply={(couponCode) => run({ kind: 'update', request: { couponCode } })}
        onRemove={() => run({ kind: 'removeCoupon' })}
      />
      <CodeBox
        label="Gift card"
        save={save}
        applied={checkout.giftCard?.obfuscatedCode}
        onApply={(giftCardCode) => run({ kind: 'update', request: { giftCardCode } })}
        onRemove={() => run({ kind: 'removeGiftCard' })}
      />
      {error !== null && (
        <p role="alert" className="text-sm text-red-700">
          {describeProblem(error)}
        </p>
      )}
    </Section>
  );
}

interface TipSettings {
  enabled: boolean;
  allowCustom: boolean;
  presets: { id: string; type: 'PERCENTAGE' | 'AMOUNT'; value: string }[];
}

/** Tip presets from the owner's tip settings; absent when tips are off (or the settings cannot be read). */
export function TipSection({ checkout, save }: { checkout: Checkout; save: Save }) {
  const plaza = usePlazaClient();
  const { data } = useQuery({
    queryKey: [...shopKeys.all(), 'tip-settings'],
    queryFn: () => plaza.fetch<{ tipSettings: TipSettings }>('/ecom/v1/tip-settings').then((r) => r.tipSettings),
    staleTime: 60_000,
    retry: false,
  });
  const [custom, setCustom] = useState('');
  if (!data?.enabled) return null;
  const current = checkout.tip?.presetId;
  const setTip = (tip: { presetId?: string; amount?: { amount: string } }) =>
    save.mutate({
      kind: 'update',
      request: { checkout: { tip: { ...tip, source: 'WEB' } }, fieldMask: { paths: ['tip'] } },
    });
  return (
    <Section title="Add a tip" save={save}>
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
          onClick={() => setTip({ amount: { amount: '0' } })}
        >
          No tip
        </Button>
      </div>
      {data.allowCustom && (
        <div className="flex items-end gap-2">
          <Input
            label="Other amount"
            inputMode="decimal"
            value={custom}
            onChange={(e) => setCustom(e.target.value.replace(',', '.'))}
          />
          <Button
            variant="secondary"
            disabled={!/^\d{1,9}(\.\d{1,2})?$/.test(custom)}
            onClick={() => setTip({ amount: { amount: custom } })}
          >
            Add
          </Button>
        </div>
      )}
    </Section>
  );
}

/** The owner's extra questions (checkout settings), typed: text, date, yes/no, number. */
export function CustomFieldsSection({ checkout, save }: { checkout: Checkout; save: Save }) {
  const [values, setValues] = useState<Record<string, string | boolean>>(() =>
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
  if (!checkout.customFields.length) return null;
  return (
    <Section
      title="A few more details"
      save={save}
      onSubmit={() => ({
        checkout: {
          customFields: checkout.customFields
            .filter((f) => values[f.key] !== '')
            .map((f) => {
              const v = values[f.key]!;
              return { key: f.key, value: f.valueType === 'NUMBER' ? Number(v) : v };
            }),
        },
        fieldMask: { paths: ['customFields'] },
      })}
    >
      {checkout.customFields.map((f) =>
        f.valueType === 'BOOLEAN' ? (
          <label key={f.key} className="flex items-center gap-2 text-sm">
            <input
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
