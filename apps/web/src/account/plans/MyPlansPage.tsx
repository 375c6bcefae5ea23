import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { planMutations, planQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import type { Membership, Plan } from '@plaza/sdk/plans';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { useDayFormat } from '../../storefront/format.js';
import { useShopTargetNames } from '../../storefront/plans/names.js';
import { cancelable, creditsLeftWords, membershipStatus, type TargetNames } from '../../plans/words.js';
import { AccountListPage } from '../AccountListPage.js';
import { CardOutcomeNotice } from '../ChangeCard.js';
import { useStripeCardReturn } from '../useStripeCardReturn.js';
import { MembershipCard } from './MembershipCard.js';
import { CreditHistory } from './CreditHistory.js';

/**
 * /account/plans: the member's plans, what is left of their credits, what they used, and Cancel / Change card.
 * Back from Stripe's card page (`?subscription=<id>&stripe_setup=<session>`), the card saved there is put on the plan.
 */
export default function MyPlansPage() {
  const back = useStripeCardReturn();
  return (
    <AccountListPage
      title="My plans"
      signInTo={{ title: 'Your plans', what: 'your plans' }}
      query={planQueries.myMemberships}
      empty={{ text: 'You have no plan yet.', toProducts: 'See the plans' }}
      emptyTo="/plans"
    >
      {(memberships) => (
        <>
          {back.outcome && (
            <div className="mt-6">
              <CardOutcomeNotice outcome={back.outcome} onRetry={back.retry} />
            </div>
          )}
          <ul className="mt-6 space-y-4">
            {memberships.map((m) => (
              <MembershipItem key={m.id} membership={m} />
            ))}
          </ul>
        </>
      )}
    </AccountListPage>
  );
}

function MembershipItem({ membership: m }: { membership: Membership }) {
  const day = useDayFormat();
  // The plan names the benefits; a plan the shop took down may be out of reach: the credits then show as numbers.
  const plan = useQuery({ ...planQueries.one(usePlaza(), m.planId), retry: false }).data?.plan;
  const names = useShopTargetNames(plan?.benefits ?? []);
  const status = membershipStatus(m, day);
  return (
    <li className="rounded-lg border border-neutral-200 bg-white p-4" data-testid="membership">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">{m.planName}</h2>
        <Badge tone={status.tone}>{status.text}</Badge>
      </div>
      <p className="mt-1 text-sm text-neutral-600">
        Member since {day(m.startDate)}
        {m.grantedByOwner ? ' · a gift from the shop' : ''}
      </p>
      {m.status !== 'ENDED' && <Credits membership={m} plan={plan} names={names} />}
      <MembershipCard membership={m} />
      <CreditHistory membershipId={m.id} />
      {cancelable(m) && <CancelMembership membership={m} />}
    </li>
  );
}

/** Each credit benefit: "3 of 4 × Coffee left", and when they come back. */
function Credits({ membership: m, plan, names }: { membership: Membership; plan?: Plan; names: TargetNames }) {
  const day = useDayFormat();
  if (!m.credits.length) return null;
  return (
    <ul className="mt-3 space-y-1 text-sm" aria-label="Credits left">
      {m.credits.map((c) => {
        const benefit = plan?.benefits.find((b) => b.id === c.benefitId);
        return (
          <li key={c.benefitId} className="flex flex-wrap justify-between gap-2 rounded-md bg-neutral-50 px-3 py-2">
            <span className="font-medium">{creditsLeftWords(c, benefit, names)}</span>
            {c.periodEnd && (
              <span className="text-neutral-600">
                {/* Credits for the whole plan lapse with it: nothing new comes after. */}
                {m.endDate && c.periodEnd >= m.endDate
                  ? `Use them by ${day(c.periodEnd)}`
                  : `New credits on ${day(c.periodEnd)}`}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Cancel, with a confirmation that says how long the benefits last. */
function CancelMembership({ membership: m }: { membership: Membership }) {
  const day = useDayFormat();
  const [confirming, setConfirming] = useState(false);
  const cancel = usePlazaMutation(planMutations.cancel);
  const lastDay = m.renewalDate ?? m.endDate;
  return (
    <div className="mt-3">
      {cancel.error && <ErrorMessage error={cancel.error} />}
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Cancel plan
      </Button>
      <ConfirmDialog
        open={confirming}
        title={`Cancel ${m.planName}?`}
        confirmLabel="Cancel plan"
        danger
        busy={cancel.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => cancel.mutate(m.id, { onSettled: () => setConfirming(false) })}
      >
        <p>
          {lastDay ? `Your benefits last until ${day(lastDay)}. ` : 'Your benefits end now. '}
          {m.subscriptionContractId ? 'You will not be charged again.' : ''}
        </p>
      </ConfirmDialog>
    </div>
  );
}
