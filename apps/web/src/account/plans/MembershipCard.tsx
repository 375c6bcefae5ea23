import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { mySubscriptionQueries, paymentQueries, usePlaza } from '@plaza/react';
import type { Membership } from '@plaza/sdk/plans';
import { cardWords, StripeCardButton, TestCardForm } from '../ChangeCard.js';

/**
 * A recurring plan's card: the one its renewals are charged to, and the way to another (Stripe's page, or the shop's
 * test card form), as on the subscriptions page. A paused plan asks for it prominently: that is what restarts it.
 */
export function MembershipCard({ membership: m }: { membership: Membership }) {
  const plaza = usePlaza();
  const recurring = Boolean(m.subscriptionContractId) && m.status !== 'ENDED' && !m.canceledDate;
  const card = useQuery(paymentQueries.methods(plaza)).data?.card;
  const contract = useQuery({ ...mySubscriptionQueries.list(plaza), enabled: recurring }).data?.find(
    (s) => s.id === m.subscriptionContractId,
  );
  const [changing, setChanging] = useState(false);
  if (!recurring || !card || !contract) return null;
  const paused = m.status === 'PAUSED';
  const label = paused ? 'Update your card' : `Change card (${cardWords(contract.paymentMethod)})`;
  if (card.provider === 'STRIPE') {
    // Stripe brings the member back to My plans, which puts the new card on this plan's renewals.
    return (
      <StripeCardButton
        contract={contract}
        label={label}
        prominent={paused}
        testMode={card.testMode}
        returnPath="/account/plans"
      />
    );
  }
  if (changing) return <TestCardForm contract={contract} onClose={() => setChanging(false)} />;
  return (
    <button
      type="button"
      className="mt-3 block text-sm font-medium text-accent hover:underline"
      onClick={() => setChanging(true)}
    >
      {label}
    </button>
  );
}
