import { useState, type FormEvent } from 'react';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import type { Checkout, PaymentMethodsResponse } from '@plaza/contracts';
import { call, checkoutChangeKey, checkoutChangesSettled, checkoutQueries, usePlaza } from '@plaza/react';
import { createOrder, createOrderAndCharge, createStripeSession } from '@plaza/sdk/ecom';
import { Button } from '../../../ui/Button.js';
import { describeError, ErrorMessage } from '../../../ui/ErrorMessage.js';
import { Skeleton } from '../../../ui/Skeleton.js';
import { CardFields, cardProblem, cardToken, EMPTY_CARD, type Card } from './CardFields.js';
import { whatIsMissing, type Missing } from './missing.js';
import { useOrderPlaced } from './placed.js';
import { usePaymentMethods } from './useCheckout.js';
import { useNotBusyWhenShownAgain } from '../../../ui/useShownAgain.js';

export { readExpiry } from './CardFields.js';

/**
 * How this checkout is paid: by the shop's built-in test card (CARD), on Stripe's hosted page (STRIPE), offline, or
 * not at all now (a gift card pays it all). Undefined while the shop's card provider is not known yet. A free trial
 * pays nothing now but still takes a card (its subscription charges it from the trial's end): CARD or STRIPE.
 */
export type PaymentWay = 'CARD' | 'STRIPE' | 'OFFLINE' | 'NOTHING_DUE';
export function paymentWay(
  checkout: Checkout,
  provider: PaymentMethodsResponse['card']['provider'] | undefined,
): PaymentWay | undefined {
  if (checkout.paymentOption === 'FULL_PAYMENT_OFFLINE') return 'OFFLINE';
  if (Number(checkout.priceSummary.payNow.amount) === 0 && !savesCard(checkout)) return 'NOTHING_DUE';
  if (!provider) return undefined;
  return provider === 'STRIPE' ? 'STRIPE' : 'CARD';
}

/**
 * The end of the checkout: the card form (the shop's built-in test cards), Stripe's hosted page, or, for offline
 * payment and orders a gift card pays in full, a plain "Place order". Until nothing is missing the button says what
 * is ("Add a shipping address") and stays disabled, with the whole list under it, each a way to the field. A refusal
 * (declined card, sold out) is said in words and nothing is charged; it goes once the card or the checkout changes.
 * Success opens the thank-you page; with Stripe, the browser goes to Stripe's page and comes back to
 * StripeReturnPage.
 */
/** Nothing due now, but a card to save for the subscription's later charges (a free trial). */
const savesCard = (checkout: Checkout) =>
  checkout.subscriptionCharges.length > 0 && Number(checkout.priceSummary.payNow.amount) === 0;

export function PaymentSection({ checkout, closed }: { checkout: Checkout; closed: boolean }) {
  const plaza = usePlaza();
  const queryClient = useQueryClient();
  const orderPlaced = useOrderPlaced();
  const methods = usePaymentMethods();
  const [card, setCard] = useState<Card>(EMPTY_CARD);
  const [refusal, setRefusal] = useState<{ text: string; at: string; card: Card }>();
  const [busy, setBusy] = useState(false);
  useNotBusyWhenShownAgain(setBusy);
  const saving = useIsMutating({ mutationKey: checkoutChangeKey(checkout.id) }) > 0;
  const provider = methods.data?.card.provider;
  const way = paymentWay(checkout, provider);
  const missingOf = (c: Checkout, w = paymentWay(c, provider)) =>
    whatIsMissing(c, { closed, cardProblem: w === 'CARD' ? cardProblem(card) : undefined });
  const missing = missingOf(checkout, way);
  // A refusal is about the card and checkout it was given for: a new card or a changed checkout hides it.
  const problem = refusal && refusal.at === checkout.updatedDate && refusal.card === card ? refusal.text : undefined;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (missing.length || busy || !way) return;
    setBusy(true);
    // Leaving a part of the page on the way here saved it: pay for the checkout as it is then, if nothing is missing.
    await checkoutChangesSettled(queryClient, checkout.id);
    const now = queryClient.getQueryData<Checkout>(checkoutQueries.key(checkout.id)) ?? checkout;
    const wayNow = paymentWay(now, provider);
    if (missingOf(now, wayNow).length) return setBusy(false);
    try {
      if (wayNow === 'STRIPE') {
        const { url } = await call(plaza, createStripeSession, checkout.id);
        // Busy until the browser has left for Stripe's page; Stripe sends the buyer back to StripeReturnPage.
        return window.location.assign(url);
      }
      const paymentToken = wayNow === 'CARD' ? await cardToken(plaza, card) : undefined;
      orderPlaced(
        paymentToken
          ? await call(plaza, createOrderAndCharge, checkout.id, { paymentToken })
          : await call(plaza, createOrder, checkout.id),
      );
    } catch (err) {
      setRefusal({ text: describeError(err).message, at: checkout.updatedDate, card });
      setBusy(false);
      // What refused it (sold out since, a code used up) shows on the page too, with its fix.
      void queryClient.invalidateQueries({ queryKey: checkoutQueries.key(checkout.id) });
    }
  };

  const pays = way === 'CARD' || way === 'STRIPE' || way === undefined;
  const saves = savesCard(checkout);
  // Nothing at all today is a free trial; a gift card paying the first charge still places an order with a total.
  const trial = saves && Number(checkout.priceSummary.total.amount) === 0;
  const label = !pays
    ? 'Place order'
    : saves
      ? `Save card and ${trial ? 'start trial' : 'place order'}`
      : `Pay ${checkout.priceSummary.payNow.formattedAmount}`;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Payment" className="space-y-3">
      {way === 'CARD' ? (
        <CardFields card={card} onChange={setCard} />
      ) : way === 'STRIPE' ? (
        <StripeNote testMode={methods.data?.card.testMode ?? false} saves={saves} />
      ) : way ? (
        <p className="text-sm text-neutral-700">
          {way === 'OFFLINE'
            ? 'You pay when you receive or collect your order, as the shop tells you.'
            : 'Nothing to pay now.'}
        </p>
      ) : methods.error ? (
        <ErrorMessage error={methods.error} onRetry={() => void methods.refetch()} retrying={methods.isFetching} />
      ) : (
        <div aria-busy="true" aria-label="Loading how to pay" className="space-y-2">
          <Skeleton className="h-4 w-28" />
          <Skeleton className="h-10 w-full" />
        </div>
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
        disabled={missing.length > 0 || !way}
        aria-describedby={missing.length > 1 ? 'still-needed' : undefined}
      >
        {missing[0]?.text ?? label}
      </Button>
      <p role="status" className="min-h-5 text-sm text-neutral-600">
        {saving ? 'Saving your details…' : ''}
      </p>
      {missing.length > 1 && <StillNeeded missing={missing} />}
    </form>
  );
}

/** Paying (or, for a free trial, saving a card) on Stripe's page: no card fields here, and where the buyer will be. */
function StripeNote({ testMode, saves }: { testMode: boolean; saves: boolean }) {
  return (
    <div className="space-y-1">
      <p className="text-sm font-semibold">{saves ? 'Card for your subscription' : 'Pay by card'}</p>
      <p className="text-sm text-neutral-700">
        {saves
          ? 'Nothing is charged now. You save your card on Stripe’s secure page for the subscription’s later ' +
            'charges; you come back here when it is done.'
          : 'You pay on Stripe’s secure page; you come back here when it is done.'}
      </p>
      {testMode && <p className="text-xs text-neutral-600">Test mode: use card 4242 4242 4242 4242</p>}
    </div>
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
