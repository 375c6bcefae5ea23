import { useState } from 'react';
import { Link } from 'react-router';
import { mySubscriptionMutations, mySubscriptionQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import type { SubscriptionContract } from '@plaza/sdk/ecom';
import { CardFields, cardProblem, cardToken, EMPTY_CARD, type Card } from '../storefront/store/checkout/CardFields.js';
import { Button } from '../ui/Button.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { useDayFormat } from '../storefront/format.js';
import { AccountListPage } from './AccountListPage.js';
import { everyWords, SUBSCRIPTION_STATUS_WORDS } from './subscriptionWords.js';

/** /account/subscriptions: what the member receives regularly, the next charge, and a way to stop it. */
export default function SubscriptionsPage() {
  return (
    <AccountListPage
      title="My subscriptions"
      signInTo={{ title: 'Your subscriptions', what: 'your subscriptions' }}
      query={mySubscriptionQueries.list}
      empty={{
        text: 'No subscriptions. Products you can receive regularly offer it on their page.',
        toProducts: 'Browse products',
      }}
    >
      {(contracts) => (
        <ul className="mt-6 space-y-3">
          {contracts.map((s) => (
            <Subscription key={s.id} contract={s} />
          ))}
        </ul>
      )}
    </AccountListPage>
  );
}

function Subscription({ contract: s }: { contract: SubscriptionContract }) {
  const [confirming, setConfirming] = useState(false);
  const cancel = usePlazaMutation(mySubscriptionMutations.cancel);
  const date = useDayFormat();
  const active = s.status === 'ACTIVE' || s.status === 'PAUSED';
  return (
    <li className="rounded-lg border border-neutral-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">
          {s.lineItem.quantity > 1 ? `${s.lineItem.quantity} × ` : ''}
          {s.lineItem.productName}
        </h2>
        <span className="text-sm text-neutral-600">{SUBSCRIPTION_STATUS_WORDS[s.status]}</span>
      </div>
      <p className="mt-1 text-sm text-neutral-700">
        {s.price.formattedAmount} {everyWords(s.subscriptionSettings)}
        {s.subscriptionSettings.billingCycles
          ? ` · ${s.cyclesCompleted} of ${s.subscriptionSettings.billingCycles} payments made`
          : ''}
      </p>
      {s.nextBillingDate && s.status === 'ACTIVE' && (
        <p className="mt-1 text-sm" data-testid="next-charge">
          Next charge: {date(s.nextBillingDate)} on {s.paymentMethod.brand} ending {s.paymentMethod.lastFourDigits}
        </p>
      )}
      {s.status === 'PAUSED' && s.lastFailure && (
        <p className="mt-1 text-sm text-red-700">
          Paused: the last payment did not go through ({s.lastFailure.reason}). Change the card to start it again.
        </p>
      )}
      {cancel.error && <ErrorMessage error={cancel.error} />}
      <div className="mt-3 flex flex-wrap gap-3 text-sm">
        <Link to={`/orders/${s.originOrderId}`} className="font-medium text-accent hover:underline">
          First order
        </Link>
        {active && (
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            Cancel subscription
          </Button>
        )}
      </div>
      {active && <ChangeCard contract={s} />}
      <ConfirmDialog
        open={confirming}
        title={`Cancel ${s.lineItem.productName}?`}
        confirmLabel="Cancel subscription"
        danger
        busy={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          // A refusal shows under the subscription (cancel.error).
          cancel.mutate(s.id, { onSettled: () => setConfirming(false) })
        }
      >
        <p>You will not be charged again. Orders already placed are not affected.</p>
      </ConfirmDialog>
    </li>
  );
}

/** "Change card": a card form under the subscription; the new card is checked before it is kept. */
function ChangeCard({ contract: s }: { contract: SubscriptionContract }) {
  const plaza = usePlaza();
  const [open, setOpen] = useState(false);
  const [card, setCard] = useState<Card>(EMPTY_CARD);
  const [problem, setProblem] = useState<string>();
  const save = usePlazaMutation(mySubscriptionMutations.changeCard, {
    onSuccess: () => {
      setOpen(false);
      setCard(EMPTY_CARD);
    },
  });
  if (!open) {
    return (
      <button
        type="button"
        className="mt-2 text-sm font-medium text-accent hover:underline"
        onClick={() => setOpen(true)}
      >
        Change card ({s.paymentMethod.brand} ending {s.paymentMethod.lastFourDigits})
      </button>
    );
  }
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
        <Button variant="ghost" onClick={() => setOpen(false)} disabled={save.isPending}>
          Keep the current card
        </Button>
      </div>
    </form>
  );
}
