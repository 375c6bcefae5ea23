import { useState } from 'react';
import { call, mySubscriptionMutations, usePlaza, usePlazaMutation } from '@plaza/react';
import type { SubscriptionContract } from '@plaza/sdk/ecom';
import { CardFields, cardProblem, cardToken, EMPTY_CARD, type Card } from '../storefront/store/checkout/CardFields.js';
import { Button } from '../ui/Button.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { createStripeCardSession } from '@plaza/sdk/ecom';
import { cardPageRefusalWords, type CardOutcome } from './stripeCard.js';
import { useNotBusyWhenShownAgain } from '../ui/useShownAgain.js';

/** The card the renewals are charged to, as the buyer knows it. */
export const cardWords = (card: SubscriptionContract['paymentMethod']) =>
  card.lastFourDigits ? `${card.brand} ending ${card.lastFourDigits}` : card.brand;

/** With the shop's test cards: a card form under the subscription; the new card is checked before it is kept. */
export function TestCardForm({ contract: s, onClose }: { contract: SubscriptionContract; onClose: () => void }) {
  const plaza = usePlaza();
  const [card, setCard] = useState<Card>(EMPTY_CARD);
  const [problem, setProblem] = useState<string>();
  const save = usePlazaMutation(mySubscriptionMutations.changeCard, { onSuccess: onClose });
  return (
    <form
      className="mt-3 space-y-3 rounded-md border border-neutral-200 p-3"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const wrong = cardProblem(card);
        setProblem(wrong);
        if (!wrong) save.mutate({ id: s.id, paymentToken: () => cardToken(plaza, card) });
      }}
    >
      <CardFields card={card} onChange={setCard} legend="New card" />
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      {save.error && <ErrorMessage error={save.error} />}
      <div className="flex gap-2">
        <Button type="submit" busy={save.isPending}>
          Use this card
        </Button>
        <Button variant="ghost" onClick={onClose} disabled={save.isPending}>
          Keep the current card
        </Button>
      </div>
    </form>
  );
}

/**
 * With Stripe: a button that sends the buyer to Stripe's page to save (and have their bank confirm) a new card; Stripe
 * sends them back to this page, which puts the card on the subscription. Busy until the browser has left.
 */
export function StripeCardButton({
  contract: s,
  label,
  prominent = false,
  testMode,
  returnPath,
}: {
  contract: SubscriptionContract;
  label: string;
  prominent?: boolean;
  testMode: boolean;
  /** The account page Stripe sends the member back to (it puts the card on); absent: their subscriptions. */
  returnPath?: string;
}) {
  const plaza = usePlaza();
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  useNotBusyWhenShownAgain(setBusy);
  const open = async () => {
    setBusy(true);
    setRefusal(undefined);
    try {
      const { url } = await call(plaza, createStripeCardSession, s.id, returnPath);
      window.location.assign(url);
    } catch (err) {
      setRefusal(cardPageRefusalWords(err));
      setBusy(false);
    }
  };
  return (
    <div className="mt-3 space-y-1">
      {prominent ? (
        <Button busy={busy} onClick={() => void open()} className="min-h-11">
          {label}
        </Button>
      ) : (
        <button
          type="button"
          className="text-sm font-medium text-accent hover:underline disabled:opacity-60"
          disabled={busy}
          aria-busy={busy || undefined}
          onClick={() => void open()}
        >
          {busy ? 'Opening Stripe’s page…' : label}
        </button>
      )}
      <p className="text-xs text-neutral-600">
        You enter the new card on Stripe’s secure page, then come back here.
        {testMode ? ' Test mode: use card 4242 4242 4242 4242.' : ''}
      </p>
      {refusal && (
        <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-800">
          {refusal}
        </p>
      )}
    </div>
  );
}

/** Back from Stripe's page: the new card is being saved, was saved, or why it was not. */
export function CardOutcomeNotice({ outcome, onRetry }: { outcome: CardOutcome | 'saving'; onRetry: () => void }) {
  if (outcome === 'saving') {
    return (
      <p role="status" className="mt-3 rounded-md bg-neutral-50 p-3 text-sm text-neutral-700">
        Saving your new card…
      </p>
    );
  }
  if (outcome.kind === 'saved') {
    return (
      <p role="status" className="mt-3 rounded-md bg-emerald-50 p-3 text-sm text-emerald-900">
        {outcome.card.lastFourDigits
          ? `Your new card ending ${outcome.card.lastFourDigits} will be used for the next renewals.`
          : 'Your new card will be used for the next renewals.'}
      </p>
    );
  }
  return (
    <div role="alert" className="mt-3 rounded-md bg-red-50 p-3 text-sm text-red-800">
      <p>{outcome.message}</p>
      {outcome.canRetry && (
        <Button variant="secondary" className="mt-2" onClick={onRetry}>
          Try again
        </Button>
      )}
    </div>
  );
}
