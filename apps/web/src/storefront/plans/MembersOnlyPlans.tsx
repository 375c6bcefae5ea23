import { useQuery } from '@tanstack/react-query';
import { planQueries, usePlaza } from '@plaza/react';
import type { Plan } from '@plaza/sdk/plans';
import { useShopTargetNames } from './names.js';
import { PlanCard } from './PlanCard.js';

/** Public plans on sale that keep some items for their members (which ones the API hides from shoppers). */
export const membersOnlyPlans = (plans: readonly Plan[]) =>
  plans.filter(
    (p) =>
      p.status === 'ACTIVE' &&
      p.visibility === 'PUBLIC' &&
      p.available &&
      p.benefits.some((b) => b.kind === 'MEMBER_ONLY'),
  );

/**
 * Under "This product is not available": a member-only product answers a non-holder as missing (it leaks nothing),
 * so the plans that open such products are offered, without saying this one is among them. Nothing when none.
 */
export function MembersOnlyPlans() {
  const { data } = useQuery(planQueries.list(usePlaza(), { limit: 100 }));
  const plans = membersOnlyPlans(data?.plans ?? []);
  const names = useShopTargetNames(plans.flatMap((p) => p.benefits));
  if (plans.length === 0) return null;
  return (
    <section className="mt-12 text-left" aria-labelledby="members-plans">
      <h2 id="members-plans" className="text-lg font-semibold">
        Looking for something for members? Join a plan:
      </h2>
      <ul className="mt-4 grid gap-6 sm:grid-cols-2">
        {plans.map((p) => (
          <PlanCard key={p.id} plan={p} names={names} />
        ))}
      </ul>
    </section>
  );
}
