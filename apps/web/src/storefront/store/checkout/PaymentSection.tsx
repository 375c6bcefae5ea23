import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import type { Checkout } from '@plaza/contracts';
import {
  call,
  cartChanged,
  checkoutChangeKey,
  checkoutChangesSettled,
  checkoutQueries,
  shopQueries,
  usePlaza,
} from '@plaza/react';
import { createOrder, createOrderAndCharge } from '@plaza/sdk/ecom';
import { Button } from '../../../ui/Button.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { CardFields, cardProblem, cardToken, EMPTY_CARD, type Card } from './CardFields.js';
import { whatIsMissing, type Missing } from './missing.js';

export { readExpiry } from './CardFields.js';

/**
 * The end of the checkout: the card form (the shop's built-in test cards) or, for offline payment and orders a gift
 * card pays in full, a plain "Place order". Until nothing is missing the button says what is ("Add a shipping
 * address") and stays disabled, with the whole list under it, each a way to the field. A refusal (declined card, sold
 * out) is said in words and nothing is charged; it goes once the card or the checkout changes. Success opens the
 * thank-you page.
 */
export function PaymentSection({ checkout, closed }: { checkout: Checkout; closed: boolean }) {
  const plaza = usePlaza();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [card, setCard] = useState<Card>(EMPTY_CARD);
  const [refusal, setRefusal] = useState<{ text: string; at: string; card: Card }>();
  const [busy, setBusy] = useState(false);
  const saving = useIsMutating({ mutationKey: checkoutChangeKey(checkout.id) }) > 0;
  const offline = checkout.paymentOption === 'FULL_PAYMENT_OFFLINE';
  const nothingDue = Number(checkout.priceSummary.payNow.amount) === 0;
  const needsCard = !offline && !nothingDue;
  const missing = whatIsMissing(checkout, { closed, cardProblem: needsCard ? cardProblem(card) : undefined });
  // A refusal is about the card and checkout it was given for: a new card or a changed checkout hides it.
  const problem = refusal && refusal.at === checkout.updatedDate && refusal.card === card ? refusal.text : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (missing.length || busy) return;
    setBusy(true);
    // Leaving a part of the page on the way here saved it: pay for the checkout as it is then, if nothing is missing.
    await checkoutChangesSettled(queryClient, checkout.id);
    const now = queryClient.getQueryData<Checkout>(checkoutQueries.key(checkout.id)) ?? checkout;
    if (whatIsMissing(now, { closed, cardProblem: needsCard ? cardProblem(card) : undefined }).length) {
      return setBusy(false);
    }
    try {
      const paymentToken = needsCard ? await cardToken(plaza, card) : undefined;
      const placed = paymentToken
        ? await call(plaza, createOrderAndCharge, checkout.id, { paymentToken })
        : await call(plaza, createOrder, checkout.id);
      // The cart became an order (the server deleted it): the header's cart count starts again.
      cartChanged(queryClient, null);
      void queryClient.invalidateQueries({ queryKey: shopQueries.all() });
      void navigate(`/orders/${placed.orderId}?token=${encodeURIComponent(placed.thankYouToken)}`);
    } catch (err) {
      setRefusal({ text: describeError(err).message, at: checkout.updatedDate, card });
      setBusy(false);
      // What refused it (sold out since, a code used up) shows on the page too, with its fix.
      void queryClient.invalidateQueries({ queryKey: checkoutQueries.key(checkout.id) });
    }
  };

  const pay = needsCard ? `Pay ${checkout.priceSummary.payNow.formattedAmount}` : 'Place order';
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Payment" className="space-y-3">
      {needsCard ? (
        <CardFields card={card} onChange={setCard} />
      ) : (
        <p className="text-sm text-neutral-700">
          {offline ? 'You pay when you receive or collect your order, as the shop tells you.' : 'Nothing to pay now.'}
        </p>
      )}
      {problem && (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      <Button
        type="submit"
        className="min-h-11 w-full"
        busy={busy}
        disabled={missing.length > 0}
        aria-describedby={missing.length > 1 ? 'still-needed' : undefined}
      >
        {missing[0]?.text ?? pay}
      </Button>
      <p role="status" className="min-h-5 text-sm text-neutral-600">
        {saving ? 'Saving your details…' : ''}
      </p>
      {missing.length > 1 && <StillNeeded missing={missing} />}
    </form>
  );
}

/** Everything still missing; each item moves focus to its field (a disabled button cannot be tabbed to). */
function StillNeeded({ missing }: { missing: Missing[] }) {
  return (
    <div id="still-needed" className="text-sm">
      <p className="font-medium text-neutral-800">Before you pay:</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        {missing.map((m) => (
          <li key={m.text}>
            {m.field ? (
              <button
                type="button"
                className="text-left text-accent underline-offset-2 hover:underline"
                onClick={() => {
                  const el = document.getElementById(m.field!);
                  el?.scrollIntoView({ block: 'center' });
                  el?.focus();
                }}
              >
                {m.text}
              </button>
            ) : (
              m.text
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
