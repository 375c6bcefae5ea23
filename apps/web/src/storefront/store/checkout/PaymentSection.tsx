import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Checkout } from '@plaza/contracts';
import { createOrder, createOrderAndCharge } from '@plaza/sdk/ecom';
import { Button } from '../../../ui/Button.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { call, cartChanged, shopKeys, usePlazaClient } from '../api.js';
import { CardFields, cardProblem, cardToken, EMPTY_CARD, type Card } from './CardFields.js';

export { readExpiry } from './CardFields.js';

/**
 * The end of the checkout: the card form (the shop's built-in test cards) or, for offline payment and orders a gift
 * card pays in full, a plain "Place order". A refusal (declined card, sold out) is said in words and nothing is
 * charged; success opens the thank-you page.
 */
export function PaymentSection({ checkout, blocked }: { checkout: Checkout; blocked: string | undefined }) {
  const plaza = usePlazaClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [card, setCard] = useState<Card>(EMPTY_CARD);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const offline = checkout.paymentOption === 'FULL_PAYMENT_OFFLINE';
  const nothingDue = Number(checkout.priceSummary.payNow.amount) === 0;
  const needsCard = !offline && !nothingDue;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (blocked) return setProblem(blocked);
    setProblem(undefined);
    let paymentToken: string | undefined;
    if (needsCard) {
      const wrong = cardProblem(card);
      if (wrong) return setProblem(wrong);
      setBusy(true);
      try {
        paymentToken = await cardToken(plaza, card);
      } catch (err) {
        setBusy(false);
        return setProblem(describeError(err).message);
      }
    }
    setBusy(true);
    try {
      const placed = paymentToken
        ? await call(plaza, createOrderAndCharge, checkout.id, { paymentToken })
        : await call(plaza, createOrder, checkout.id);
      // The cart became an order (the server deleted it): the header's cart count starts again.
      cartChanged(queryClient, null);
      void queryClient.invalidateQueries({ queryKey: shopKeys.all() });
      navigate(`/orders/${placed.orderId}?token=${encodeURIComponent(placed.thankYouToken)}`);
    } catch (err) {
      setProblem(describeError(err).message);
      setBusy(false);
    }
  };

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
      <Button type="submit" className="min-h-11 w-full" busy={busy}>
        {needsCard ? `Pay ${checkout.priceSummary.payNow.formattedAmount}` : 'Place order'}
      </Button>
    </form>
  );
}
