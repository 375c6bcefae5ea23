import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { PaymentMethodsResponse } from '@plaza/contracts';
import {
  mySubscriptionMutations,
  mySubscriptionQueries,
  paymentQueries,
  usePlaza,
  usePlazaMutation,
} from '@plaza/react';
import type { SubscriptionContract } from '@plaza/sdk/ecom';
import { Button } from '../ui/Button.js';
import { ConfirmDialog } from '../ui/ConfirmDialog.js';
import { cx } from '../ui/cx.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { useDayFormat } from '../storefront/format.js';
import { AccountListPage } from './AccountListPage.js';
import { CardOutcomeNotice, cardWords, StripeCardButton, TestCardForm } from './ChangeCard.js';
import { BANK_WANTS_BUYER, renewalNeedsBuyer, type CardOutcome } from './stripeCard.js';
import { everyWords, SUBSCRIPTION_STATUS_WORDS } from './subscriptionWords.js';
import { useStripeCardReturn, type CardReturn } from './useStripeCardReturn.js';

type CardMethod = PaymentMethodsResponse['card'];

/**
 * /account/subscriptions: what the member receives regularly, the next charge, and ways to change the card or stop
 * it. `?subscription=<id>` (an e-mail's link, or back from Stripe's page) marks that subscription; with
 * `stripe_setup=<session>` the card saved on Stripe's page is put on it.
 */
export default function SubscriptionsPage() {
  const back = useStripeCardReturn();
  const card = useQuery(paymentQueries.methods(usePlaza())).data?.card;
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
      {(contracts) => <SubscriptionList contracts={contracts} back={back} card={card} />}
    </AccountListPage>
  );
}

export function SubscriptionList({
  contracts,
  back,
  card,
}: {
  contracts: SubscriptionContract[];
  back: CardReturn;
  card: CardMethod | undefined;
}) {
  const listed = contracts.some((s) => s.id === back.focusId);
  return (
    <>
      {/* Not one of the listed subscriptions: the outcome still shows. */}
      {back.outcome && !listed && <CardOutcomeNotice outcome={back.outcome} onRetry={back.retry} />}
      <ul className="mt-6 space-y-3">
        {contracts.map((s) => (
          <Subscription
            key={s.id}
            contract={s}
            card={card}
            focused={s.id === back.focusId}
            {...(s.id === back.focusId && back.outcome ? { outcome: back.outcome, onRetry: back.retry } : {})}
          />
        ))}
      </ul>
    </>
  );
}

function Subscription({
  contract: s,
  card,
  focused,
  outcome,
  onRetry = () => undefined,
}: {
  contract: SubscriptionContract;
  card: CardMethod | undefined;
  focused: boolean;
  outcome?: CardOutcome | 'saving';
  onRetry?: () => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [changing, setChanging] = useState(false);
  const cancel = usePlazaMutation(mySubscriptionMutations.cancel);
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: 'center' });
  }, [focused]);
  const active = s.status === 'ACTIVE' || s.status === 'PAUSED';
  const needsBuyer = active && renewalNeedsBuyer(s);
  return (
    <li
      ref={ref}
      id={`subscription-${s.id}`}
      aria-current={focused ? 'true' : undefined}
      data-testid="subscription"
      className={cx(
        'rounded-lg border bg-white p-4',
        focused ? 'border-accent ring-2 ring-accent/30' : 'border-neutral-200',
      )}
    >
      <Summary contract={s} />
      {outcome && <CardOutcomeNotice outcome={outcome} onRetry={onRetry} />}
      {needsBuyer && (
        <RenewalProblem contract={s}>
          <CardAction contract={s} card={card} prominent onChange={() => setChanging(true)} />
        </RenewalProblem>
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
      {active && !needsBuyer && !changing && <CardAction contract={s} card={card} onChange={() => setChanging(true)} />}
      {active && changing && card?.provider !== 'STRIPE' && (
        <TestCardForm contract={s} onClose={() => setChanging(false)} />
      )}
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

/** What the subscription is, what it costs how often, and its next charge. */
function Summary({ contract: s }: { contract: SubscriptionContract }) {
  const date = useDayFormat();
  return (
    <>
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
          Next charge: {date(s.nextBillingDate)} on {cardWords(s.paymentMethod)}
        </p>
      )}
    </>
  );
}

/** A renewal that did not go through and waits for the buyer: why, when it is tried again, and what to do. */
function RenewalProblem({ contract: s, children }: { contract: SubscriptionContract; children: ReactNode }) {
  const date = useDayFormat();
  const reason = (s.lastFailure?.reason ?? '').replace(/\.$/, '');
  const then =
    s.status === 'PAUSED'
      ? 'Change the card to start the subscription again.'
      : s.nextBillingDate
        ? `We will try again on ${date(s.nextBillingDate)}.`
        : '';
  return (
    <div
      className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950"
      data-testid="renewal-problem"
    >
      <p className="font-semibold">
        {s.status === 'PAUSED' ? 'Paused: the last payment did not go through' : 'The last payment did not go through'}
      </p>
      <p className="mt-1 text-sm">
        {reason ? `${reason}. ` : ''}
        {then}
      </p>
      {children}
    </div>
  );
}

/**
 * The way to another card: Stripe's page when the shop takes cards through Stripe, else the test card form. Nothing
 * until the shop's way is known. Prominent when a renewal waits for the buyer.
 */
function CardAction({
  contract: s,
  card,
  prominent = false,
  onChange,
}: {
  contract: SubscriptionContract;
  card: CardMethod | undefined;
  prominent?: boolean;
  onChange: () => void;
}) {
  if (!card) return null;
  const label = !prominent
    ? `Change card (${cardWords(s.paymentMethod)})`
    : s.lastFailure?.reason === BANK_WANTS_BUYER
      ? 'Confirm your card'
      : 'Use another card';
  if (card.provider === 'STRIPE') {
    return <StripeCardButton contract={s} label={label} prominent={prominent} testMode={card.testMode} />;
  }
  return prominent ? (
    <Button className="mt-3 min-h-11" onClick={onChange}>
      {label}
    </Button>
  ) : (
    <button type="button" className="mt-2 text-sm font-medium text-accent hover:underline" onClick={onChange}>
      {label}
    </button>
  );
}
