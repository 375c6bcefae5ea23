import type { ChangeEvent } from 'react';
import { call } from '@plaza/react';
import { createTestCardToken } from '@plaza/sdk/ecom';
import { TextField } from '../../../ui/Field.js';
import type { PlazaClient } from '../../../plaza.js';

export interface Card {
  number: string;
  expiry: string;
  cvc: string;
}
export const EMPTY_CARD: Card = { number: '', expiry: '', cvc: '' };

/** "12/30" or "1230" → month and 4-digit year. */
export function readExpiry(text: string): { month: number; year: number } | undefined {
  const m = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!m) return undefined;
  const month = Number(m[1]);
  const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  return month >= 1 && month <= 12 ? { month, year } : undefined;
}

/** What is wrong with the card as typed, in words; undefined when it can be sent. */
export function cardProblem(card: Card): string | undefined {
  if (card.number.replace(/\D/g, '').length < 12) return 'Enter the card number.';
  if (!readExpiry(card.expiry)) return 'Enter the expiry date as MM/YY, such as 12/30.';
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return 'Enter the 3 or 4 digits on the back of the card.';
  return undefined;
}

/** The card as a payment token of the shop's test-card provider (the card number never reaches the shop). */
export async function cardToken(plaza: PlazaClient, card: Card): Promise<string> {
  const expiry = readExpiry(card.expiry)!;
  const { paymentToken } = await call(plaza, createTestCardToken, {
    cardNumber: card.number,
    expiryMonth: expiry.month,
    expiryYear: expiry.year,
    cvc: card.cvc.trim(),
  });
  return paymentToken;
}

/** The card form of the hosted checkout and the pay page. */
export function CardFields({
  card,
  onChange,
  legend = 'Pay by card',
}: {
  card: Card;
  onChange: (card: Card) => void;
  legend?: string;
}) {
  /** A part of the card: typed in digits, kept in `card`. */
  const digits = (part: keyof Card) => ({
    inputMode: 'numeric' as const,
    value: card[part],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ ...card, [part]: e.target.value }),
  });
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">{legend}</legend>
      <TextField
        id="card-number"
        label="Card number"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        {...digits('number')}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField label="Expiry (MM/YY)" autoComplete="cc-exp" placeholder="12/30" {...digits('expiry')} />
        <TextField label="Security code" autoComplete="cc-csc" placeholder="123" {...digits('cvc')} />
      </div>
      <p className="text-xs text-neutral-600">
        This shop takes test payments: use 4242 4242 4242 4242 with any future date and code. No money moves.
      </p>
    </fieldset>
  );
}
