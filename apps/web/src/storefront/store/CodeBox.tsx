import { useState } from 'react';
import { Button } from '../../ui/Button.js';
import { inputClass } from '../../ui/inputClass.js';
import { violationsOf } from '../../ui/formRules.js';
import { describeProblem } from './problems.js';

/**
 * Why a code was refused, as the server said it ("There is no code WELCOME10.", "The coupon needs a subtotal of
 * $50.00."): the field violation's own words, which the generic wording would drop for the "$".
 */
export function codeProblem(error: unknown, field: string): string {
  return violationsOf(error).find((v) => v.field === field)?.description ?? describeProblem(error);
}

/** An applied coupon as its code box shows it: the code, and what it takes off when it takes off anything. */
export function appliedCoupon(
  coupon: { code: string; amount: { amount: string; formattedAmount: string } } | undefined,
): { text: string } | undefined {
  if (!coupon) return undefined;
  const off = Number(coupon.amount.amount) > 0 ? `: −${coupon.amount.formattedAmount}` : '';
  return { text: `Code ${coupon.code} applied${off}` };
}

/**
 * A code box of the cart and the checkout (discount code, gift card): a field and Apply; once applied, what it takes
 * off and a way to remove it. A code kept but not applying (it stopped since) says why, next to it; a refused code
 * is said under the field, in words, until the shopper types again. Enter applies.
 */
export function CodeBox({
  id,
  label,
  applied,
  stored,
  busy,
  error,
  onApply,
  onRemove,
  removeLabel,
}: {
  id: string;
  label: string;
  applied?: { text: string } | undefined;
  stored?: { text: string; why: string | undefined } | undefined;
  busy: boolean;
  error: string | undefined;
  onApply: (code: string) => void;
  onRemove: () => void;
  removeLabel: string;
}) {
  const [code, setCode] = useState('');
  const [shownError, setShownError] = useState<string>();
  // A new refusal shows; typing again hides the old one.
  const [seen, setSeen] = useState<string>();
  if (error !== seen) {
    setSeen(error);
    setShownError(error);
  }
  const kept = applied ?? stored;
  if (kept && code) setCode(''); // applied: the box starts empty when the code is removed
  if (kept)
    return <KeptCode id={id} kept={kept} stored={stored} busy={busy} onRemove={onRemove} removeLabel={removeLabel} />;
  const apply = () => {
    if (code.trim() && !busy) onApply(code.trim());
  };
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
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${id}-problem` : undefined}
          onChange={(e) => {
            setCode(e.target.value);
            setShownError(undefined);
          }}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            apply();
          }}
        />
        <Button variant="secondary" busy={busy} disabled={!code.trim()} onClick={apply}>
          Apply
        </Button>
      </div>
      {shownError && (
        <p id={`${id}-problem`} role="alert" className="mt-1 text-sm text-red-700">
          {shownError}
        </p>
      )}
    </div>
  );
}

/** A code on the cart: what it takes off (or that it no longer applies, and why), with a way to remove it. */
function KeptCode({
  id,
  kept,
  stored,
  busy,
  onRemove,
  removeLabel,
}: {
  id: string;
  kept: { text: string };
  stored: { text: string; why: string | undefined } | undefined;
  busy: boolean;
  onRemove: () => void;
  removeLabel: string;
}) {
  return (
    <div className="text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span data-testid={`${id}-state`} className={stored ? 'text-red-800' : undefined}>
          {kept.text}
          {stored && ' is not applied'}
        </span>
        <Button variant="ghost" className="min-h-8 px-2 text-xs" busy={busy} onClick={onRemove}>
          {removeLabel}
        </Button>
      </div>
      {stored?.why && (
        <p role="status" className="mt-1 text-red-800">
          {stored.why}
        </p>
      )}
    </div>
  );
}
