import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Checkout } from '@plaza/contracts';
import { createOrder, createOrderAndCharge, createTestCardToken } from '@plaza/sdk/ecom';
import { Button } from '../../../ui/Button.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { TextField } from '../../../ui/Field.js';
import { call, shopKeys, usePlazaClient } from '../api.js';

/** "12/30" or "1230" → month and 4-digit year. */
export function readExpiry(text: string): { month: number; year: number } | undefined {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return undefined;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

/**
 * The end of the checkout: the card form (the shop's built-in test cards) or, for offline payment and orders a gift
 * card pays in full, a plain "Place order". A refusal (declined card, sold out) is said in words and nothing is
 * charged; success opens the thank-you page.
 */
export function PaymentSection({ checkout, blocked }: { checkout: Checkout; blocked: string | undefined }) {
  const plaza = usePlazaClient();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
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
      const expiry = readExpiry(card.expiry);
      if (card.number.replace(/\D/g, '').length < 12) return setProblem('Enter the card number.');
      if (!expiry) return setProblem('Enter the expiry date as MM/YY, such as 12/30.');
      if (!/^\d{3,4}$/.test(card.cvc.trim())) return setProblem('Enter the 3 or 4 digits on the back of the card.');
      setBusy(true);
      try {
        paymentToken = (
          await call(plaza, createTestCardToken, {
            cardNumber: card.number,
            expiryMonth: expiry.month,
            expiryYear: expiry.year,
            cvc: card.cvc.trim(),
          })
        ).paymentToken;
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
      // The cart became an order: the header's cart count starts again.
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
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold">Pay by card</legend>
          <TextField
            label="Card number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value={card.number}
            onChange={(e) => setCard({ ...card, number: e.target.value })}
          />
          <div className="grid grid-cols-2 gap-3">
            <TextField
              label="Expiry (MM/YY)"
              inputMode="numeric"
              autoComplete="cc-exp"
              placeholder="12/30"
              value={card.expiry}
              onChange={(e) => setCard({ ...card, expiry: e.target.value })}
            />
            <TextField
              label="Security code"
              inputMode="numeric"
              autoComplete="cc-csc"
              placeholder="123"
              value={card.cvc}
              onChange={(e) => setCard({ ...card, cvc: e.target.value })}
            />
          </div>
          <p className="text-xs text-neutral-600">
            This shop takes test payments: use 4242 4242 4242 4242 with any future date and code. No money moves.
          </p>
        </fieldset>
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
