import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { planMutations, planQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { useToast } from '../Toast.js';
import { SelectField } from '../ui/SelectField.js';
import { useOwnerStatus, useRevoke } from './PlanMembers.js';

/** In the member's drawer: their plans, Revoke each, and Grant one by hand (no order, no charge). */
export function MemberPlans({ memberId }: { memberId: string }) {
  const list = useQuery(planQueries.memberships(usePlaza(), { memberId, limit: 100 }));
  const status = useOwnerStatus();
  const revoke = useRevoke();
  return (
    <section aria-labelledby="member-plans" className="space-y-3">
      <h3 id="member-plans" className="text-sm font-semibold text-neutral-900">
        Plans
      </h3>
      {list.isPending ? (
        <p className="text-sm text-neutral-500">Loading plans…</p>
      ) : list.error ? (
        <ErrorMessage error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
      ) : list.data.memberships.length === 0 ? (
        <p className="text-sm text-neutral-600">No plans.</p>
      ) : (
        <ul className="divide-y divide-neutral-100 rounded-md border border-neutral-200">
          {list.data.memberships.map((m) => {
            const s = status(m);
            return (
              <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 p-3 text-sm">
                <span className="min-w-0">
                  <Link to={`/admin/store/plans/${m.planId}`} className="font-medium hover:underline">
                    {m.planName}
                  </Link>
                  <Badge tone={s.tone} className="ml-2">
                    {s.text}
                  </Badge>
                </span>
                {m.status !== 'ENDED' && (
                  <Button variant="ghost" onClick={() => revoke.ask({ id: m.id, name: m.planName })}>
                    Revoke<span className="sr-only"> {m.planName}</span>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <GrantPlan memberId={memberId} />
      {revoke.dialog}
    </section>
  );
}

function GrantPlan({ memberId }: { memberId: string }) {
  const plans = useQuery(planQueries.list(usePlaza(), { status: 'ACTIVE', limit: 100 }));
  const grant = usePlazaMutation(planMutations.grant);
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const [planId, setPlanId] = useState('');
  const options = plans.data?.plans ?? [];
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Grant plan
      </Button>
    );
  }
  if (plans.isPending) return <p className="text-sm text-neutral-500">Loading plans…</p>;
  if (!options.length) {
    return (
      <p className="text-sm text-neutral-600">
        No plans to give yet.{' '}
        <Link to="/admin/store/plans/new" className="font-medium text-accent hover:underline">
          Create a plan
        </Link>
      </p>
    );
  }
  const chosen = planId || options[0]!.id;
  return (
    <form
      className="space-y-3 rounded-md border border-neutral-200 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        const name = options.find((p) => p.id === chosen)?.name ?? 'The plan';
        grant.mutate(
          { planId: chosen, memberId },
          {
            onSuccess: () => {
              toast(`${name} is granted`);
              setOpen(false);
            },
          },
        );
      }}
    >
      <SelectField<string>
        label="Plan to give"
        value={chosen}
        options={options.map((p) => ({ value: p.id, label: p.name }))}
        onChange={setPlanId}
        hint="Free of charge; it lasts as long as the plan’s validity."
      />
      {grant.error && <ErrorMessage error={grant.error} />}
      <div className="flex gap-2">
        <Button type="submit" busy={grant.isPending}>
          Grant plan
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)} disabled={grant.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
