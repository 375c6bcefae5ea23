import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { planMutations, planQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import type { Plan } from '@plaza/sdk/plans';
import { Button } from '../../ui/Button.js';
import { CheckboxField } from '../../ui/CheckboxField.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { SkeletonStack } from '../../ui/Skeleton.js';
import { useToast } from '../Toast.js';
import { benefitsWithMembersOnly, membersOnlyIn, plansNaming, type ItemRef } from './itemPlans.js';

const planLink = (plan: Plan) => `/admin/store/plans/${plan.id}`;

/**
 * A product's or a collection's plans: what each plan gives it, and which plans' members alone can buy it (saved
 * at once into those plans, apart from the item's own Save). `item` is null for one not added yet.
 */
export function ItemPlans({ item, noun }: { item: ItemRef | null; noun: 'product' | 'collection' }) {
  const plans = useQuery({ ...planQueries.list(usePlaza(), { limit: 100 }), enabled: Boolean(item) });
  if (!item) return <p className="text-sm text-neutral-600">Add the {noun} first; then choose its plans here.</p>;
  if (plans.isPending)
    return <SkeletonStack label="Loading plans" className="space-y-2" bars={['h-5 w-2/3', 'h-5 w-1/2']} />;
  if (plans.error) {
    return <ErrorMessage error={plans.error} onRetry={() => void plans.refetch()} retrying={plans.isFetching} />;
  }
  const all = plans.data.plans;
  if (all.length === 0) {
    return (
      <p className="text-sm text-neutral-600">
        No plans yet.{' '}
        <Link to="/admin/store/plans/new" className="text-accent hover:underline">
          Create a plan
        </Link>{' '}
        to give members credits, member prices or members-only {noun}s.
      </p>
    );
  }
  // Remounted when the plans change, so the ticks start again from what was saved.
  return (
    <>
      <NamingPlans plans={all} item={item} noun={noun} />
      <MembersOnly key={plans.dataUpdatedAt} plans={all} item={item} noun={noun} />
    </>
  );
}

function NamingPlans({ plans, item, noun }: { plans: Plan[]; item: ItemRef; noun: string }) {
  const naming = plansNaming(plans, item);
  if (naming.length === 0)
    return <p className="text-sm text-neutral-600">No plan gives members anything for this {noun} yet.</p>;
  return (
    <ul className="space-y-1 text-sm" aria-label="Plans with this item">
      {naming.map(({ plan, benefits }) => (
        <li key={plan.id}>
          <Link to={planLink(plan)} className="font-medium text-accent hover:underline">
            {plan.name}
          </Link>
          {plan.status === 'ARCHIVED' && <span className="text-neutral-500"> (archived)</span>}: {benefits.join(', ')}
        </li>
      ))}
    </ul>
  );
}

/** Ticks for the plans whose members alone can buy the item; Save changes just the plans ticked or unticked. */
function MembersOnly({ plans, item, noun }: { plans: Plan[]; item: ItemRef; noun: string }) {
  const [ticks, setTicks] = useState<Record<string, boolean>>({});
  const update = usePlazaMutation(planMutations.update);
  const toast = useToast();
  const shown = plans.filter((p) => p.status === 'ACTIVE' || membersOnlyIn(p, item));
  const changed = shown.filter((p) => p.id in ticks && ticks[p.id] !== membersOnlyIn(p, item));
  const save = async () => {
    // One plan after the other: each keeps its other benefits as they are.
    for (const plan of changed) {
      await update.mutateAsync({ id: plan.id, benefits: benefitsWithMembersOnly(plan, item, ticks[plan.id]!) });
    }
    toast(`Members-only plans are saved`);
  };
  return (
    <fieldset className="space-y-2 rounded-md border border-neutral-200 p-3">
      <legend className="px-1 text-sm font-medium">Members only</legend>
      <p className="text-sm text-neutral-600">
        Only members of the plans ticked can see and buy this {noun}. None ticked: everyone can.
      </p>
      {shown.map((p) => (
        <CheckboxField
          key={p.id}
          label={p.status === 'ARCHIVED' ? `${p.name} (archived)` : p.name}
          checked={ticks[p.id] ?? membersOnlyIn(p, item)}
          onChange={(on) => setTicks((t) => ({ ...t, [p.id]: on }))}
        />
      ))}
      {update.error && <ErrorMessage error={update.error} />}
      <div className="flex gap-2">
        <Button
          variant="secondary"
          disabled={!changed.length || update.isPending}
          onClick={() => void save().catch(() => undefined)}
        >
          {update.isPending ? 'Saving…' : 'Save members-only plans'}
        </Button>
        {changed.length > 0 && !update.isPending && (
          <Button variant="ghost" onClick={() => setTicks({})}>
            Undo
          </Button>
        )}
      </div>
    </fieldset>
  );
}
