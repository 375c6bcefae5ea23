import { Link } from 'react-router';
import type { AppliedDiscount, LineItem, PriceSummary, Violation } from '@plaza/contracts';
import { type Cart, cartMutations, usePlazaMutation } from '@plaza/react';
import { Button } from '../../ui/Button.js';
import { CodeBox, appliedCoupon, codeProblem } from './CodeBox.js';
import { describeProblem } from './problems.js';
import { ProductImage } from './ProductCard.js';

/** The cart's lines with quantity steppers and remove; each line's problems right under it, with their fix. */
export function CartLines({ cart, compact }: { cart: Cart; compact?: boolean }) {
  const change = usePlazaMutation(cartMutations.change);
  const problems = (id: string) => (cart.violations ?? []).filter((v) => v.target.lineItem?.id === id);
  return (
    <div>
      <ul className="divide-y divide-neutral-200">
        {cart.lineItems.map((line) => (
          <li key={line.id} className="flex gap-3 py-4" data-testid="cart-line">
            <div className="w-16 shrink-0 sm:w-20">
              <ProductImage media={line.image} size={compact ? 64 : 80} />
            </div>
            <div className="min-w-0 flex-1">
              <div className="flex justify-between gap-3">
                <p className="font-medium">
                  {line.url ? (
                    <Link to={new URL(line.url, 'http://x').pathname}>{line.productName}</Link>
                  ) : (
                    line.productName
                  )}
                </p>
                <p className="font-medium whitespace-nowrap">{line.lineItemPrice.formattedAmount}</p>
              </div>
              <LineDetails line={line} />
              <div className="mt-2 flex items-center gap-3">
                <Stepper
                  line={line}
                  busy={change.isPending}
                  onSet={(quantity) => change.mutate({ kind: 'quantity', lineItems: [{ id: line.id, quantity }] })}
                />
                <Button
                  variant="ghost"
                  className="min-h-8 px-2 text-xs"
                  onClick={() => change.mutate({ kind: 'remove', lineItemIds: [line.id] })}
                >
                  Remove<span className="sr-only"> {line.productName}</span>
                </Button>
              </div>
              {problems(line.id).map((v, i) => (
                <LineProblem
                  key={i}
                  violation={v}
                  onRemove={() => change.mutate({ kind: 'remove', lineItemIds: [line.id] })}
                />
              ))}
            </div>
          </li>
        ))}
      </ul>
      {(cart.violations ?? [])
        // The code's own problem is said next to the code (CouponForm).
        .filter((v) => !v.target.lineItem && v.target.other?.name !== 'couponCode')
        .map((v, i) => (
          <p
            key={i}
            role="status"
            className={`mt-2 text-sm ${v.severity === 'ERROR' ? 'text-red-700' : 'text-amber-800'}`}
          >
            {v.description}
          </p>
        ))}
      {change.error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {describeProblem(change.error)}
        </p>
      )}
    </div>
  );
}

function LineDetails({ line }: { line: LineItem }) {
  const details = line.descriptionLines.map((d) => `${d.name}: ${d.value}`);
  if (line.subscriptionOptionInfo) details.push(line.subscriptionOptionInfo.title ?? 'Subscription');
  return (
    <p className="text-sm text-neutral-600">
      {details.join(' · ')}
      {details.length > 0 && ' · '}
      {line.price.formattedAmount} each
    </p>
  );
}

function Stepper({ line, busy, onSet }: { line: LineItem; busy: boolean; onSet: (q: number) => void }) {
  const btn =
    'h-8 w-8 rounded-md border border-neutral-300 text-lg leading-none hover:bg-neutral-50 disabled:opacity-40';
  return (
    <div className="flex items-center gap-1" role="group" aria-label={`Quantity of ${line.productName}`}>
      <button
        type="button"
        className={btn}
        disabled={busy || line.quantity <= 1}
        onClick={() => onSet(line.quantity - 1)}
        aria-label="One less"
      >
        −
      </button>
      <span className="w-8 text-center text-sm tabular-nums" aria-live="polite">
        {line.quantity}
      </span>
      <button
        type="button"
        className={btn}
        disabled={busy}
        onClick={() => onSet(line.quantity + 1)}
        aria-label="One more"
      >
        +
      </button>
    </div>
  );
}

function LineProblem({ violation, onRemove }: { violation: Violation; onRemove: () => void }) {
  return (
    <div
      role="status"
      className={`mt-2 flex flex-wrap items-center gap-2 rounded-md p-2 text-sm ${violation.severity === 'ERROR' ? 'bg-red-50 text-red-900' : 'bg-amber-50 text-amber-900'}`}
    >
      <span className="flex-1">{violation.description}</span>
      {violation.suggestedFix === 'REMOVE_LINE_ITEM' && (
        <Button variant="secondary" className="min-h-8 px-3 text-xs" onClick={onRemove}>
          Remove it
        </Button>
      )}
    </div>
  );
}

/**
 * The cart's discount code: applied (with what it takes off), refused at once in words next to the field, or kept but
 * not applying any more (the cart went under its minimum) with the reason; that never stops checking out.
 */
export function CouponForm({ cart }: { cart: Cart }) {
  const change = usePlazaMutation(cartMutations.change);
  const applied = (cart.appliedDiscounts ?? []).find((d) => d.coupon)?.coupon;
  const why = (cart.violations ?? []).find((v) => v.target.other?.name === 'couponCode')?.description;
  return (
    <CodeBox
      id="coupon"
      label="Discount code"
      applied={appliedCoupon(applied)}
      stored={cart.couponCode && !applied ? { text: `Code ${cart.couponCode}`, why } : undefined}
      busy={change.isPending}
      error={change.error ? codeProblem(change.error, 'couponCode') : undefined}
      onApply={(couponCode) => change.mutate({ kind: 'coupon', couponCode })}
      onRemove={() => change.mutate({ kind: 'removeCoupon' })}
      removeLabel="Remove code"
    />
  );
}

export type TotalsRow = [label: string, value: string | undefined, testId: string];

/**
 * Every total that applies; zero lines that never apply (no tip asked, no fees) are left out. Named discounts (a
 * plan's member price carries the plan's name) get a line of their own under Discounts.
 */
export function Totals({
  summary,
  extra = [],
  discounts = [],
}: {
  summary: PriceSummary;
  extra?: TotalsRow[];
  discounts?: AppliedDiscount[];
}) {
  const nonZero = (m?: { amount: string }) => m && Number(m.amount) !== 0;
  const named = discounts.flatMap((d, i): TotalsRow[] =>
    d.merchantDiscount?.description && nonZero(d.merchantDiscount.amount)
      ? [[`· ${d.merchantDiscount.description}`, `−${d.merchantDiscount.amount.formattedAmount}`, `discount-${i}`]]
      : [],
  );
  const rows: TotalsRow[] = [
    ['Subtotal', summary.subtotal.formattedAmount, 'subtotal'],
    ...(nonZero(summary.discount)
      ? ([['Discounts', `−${summary.discount.formattedAmount}`, 'discount'], ...named] as TotalsRow[])
      : []),
    ...extra,
    ...(nonZero(summary.additionalFees)
      ? ([['Fees', summary.additionalFees.formattedAmount, 'fees']] as TotalsRow[])
      : []),
    [summary.taxIncludedInPrices ? 'Tax (included)' : 'Tax', summary.tax.formattedAmount, 'tax'],
    ...(nonZero(summary.tip) ? ([['Tip', summary.tip.formattedAmount, 'tip']] as TotalsRow[]) : []),
    ...(nonZero(summary.giftCard)
      ? ([['Gift card', `−${summary.giftCard!.formattedAmount}`, 'gift-card']] as TotalsRow[])
      : []),
    // What the buyer's plans pay (lines paid with credits), like the gift card's share.
    ...(nonZero(summary.membership)
      ? ([['Paid with your plan', `−${summary.membership!.formattedAmount}`, 'membership']] as TotalsRow[])
      : []),
  ];
  return (
    <dl className="space-y-1 text-sm">
      {rows.map(([label, value, id]) => (
        <div key={id} className="flex justify-between gap-4">
          <dt className="text-neutral-600">{label}</dt>
          <dd data-testid={`total-${id}`} className="tabular-nums">
            {value}
          </dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-neutral-200 pt-2 text-base font-semibold">
        <dt>Total</dt>
        <dd data-testid="total-total" className="tabular-nums">
          {summary.total.formattedAmount}
        </dd>
      </div>
    </dl>
  );
}
