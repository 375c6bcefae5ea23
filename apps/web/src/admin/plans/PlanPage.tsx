import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { planMutations, planQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import type { Plan } from '@plaza/sdk/plans';
import { buttonClass, Button } from '../../ui/Button.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Skeleton, SkeletonStack } from '../../ui/Skeleton.js';
import { benefitWords, priceDetails, priceWords, validityWords } from '../../plans/words.js';
import { useToast } from '../Toast.js';
import { CopyableValue } from '../ui/CopyableValue.js';
import { DangerConfirm } from '../ui/DangerConfirm.js';
import { MissingNotice } from '../ui/MissingNotice.js';
import { ownerOnlyPage } from '../ui/OwnerOnly.js';
import { PageHeader } from '../ui/PageHeader.js';
import { useAdminTargetNames } from './names.js';
import { PlanMembers } from './PlanMembers.js';
import { buyersWords, PlanStatus } from './PlanStatus.js';

/** /admin/store/plans/:planId: what the plan is, how it sells (buyers, active, revenue), and its buyers. */
export const PlanPage = ownerOnlyPage('Plan', 'plans', PlanScreen);

function PlanScreen() {
  const { planId = '' } = useParams();
  const { data, error, isPending, isFetching, refetch } = useQuery({
    ...planQueries.one(usePlaza(), planId),
    select: (r) => r.plan,
  });
  if (isPending)
    return (
      <SkeletonStack
        label="Loading the plan"
        className="space-y-3"
        bars={['h-8 w-1/3', 'h-24 w-full', 'h-40 w-full']}
      />
    );
  if ((error as { status?: number } | null)?.status === 404) {
    return <MissingNotice title="Plan not found" backTo="/admin/store/plans" backLabel="Back to plans" />;
  }
  if (error) return <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  return <PlanView plan={data} />;
}

function PlanView({ plan }: { plan: Plan }) {
  const names = useAdminTargetNames(plan.benefits);
  const link = `${window.location.origin}/plans/${plan.slug}`;
  return (
    <div className="space-y-6">
      <PageHeader
        title={plan.name}
        description={
          <Link to="/admin/store/plans" className="text-accent hover:underline">
            ← All plans
          </Link>
        }
        actions={
          <>
            <Link to={`/admin/store/plans/${plan.id}/edit`} className={buttonClass('secondary')}>
              Edit
            </Link>
            {plan.status === 'ACTIVE' && <ArchiveButton plan={plan} />}
          </>
        }
      />
      <Stats plan={plan} />
      <section className="space-y-3 rounded-lg border border-neutral-200 bg-white p-5">
        <div className="flex flex-wrap items-center gap-3">
          <PlanStatus plan={plan} />
          <span className="font-semibold">{priceWords(plan)}</span>
          <span className="text-sm text-neutral-600">
            {[...priceDetails(plan), validityWords(plan)].filter(Boolean).join(' · ')}
          </span>
        </div>
        {plan.benefits.length > 0 ? (
          <ul className="list-inside list-disc text-sm">
            {plan.benefits.map((b) => (
              <li key={b.id}>{benefitWords(b, plan, names)}</li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-neutral-600">No benefits yet.</p>
        )}
        <div className="space-y-1">
          <p className="text-sm font-medium">{plan.visibility === 'HIDDEN' ? 'Share this link' : 'Its page'}</p>
          <CopyableValue value={link} testId="plan-link" />
        </div>
      </section>
      <PlanMembers planId={plan.id} />
    </div>
  );
}

/** Buyers, active members and takings, each a figure with its words. */
function Stats({ plan }: { plan: Plan }) {
  const { data, error, isPending, refetch, isFetching } = useQuery(planQueries.stats(usePlaza(), plan.id));
  if (error) return <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  const figures: Array<[string, string | undefined]> = [
    [
      'Buyers',
      data ? (plan.buyerLimit ? `${data.buyers} of ${plan.buyerLimit}` : String(data.buyers)) : buyersWords(plan),
    ],
    ['Active members', data && String(data.activeMemberships)],
    ['Paid orders', data && String(data.orders)],
    ['Revenue', data?.revenue.formattedAmount],
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 md:grid-cols-4" aria-busy={isPending || undefined}>
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-neutral-200 bg-white p-4">
          <dt className="text-sm text-neutral-600">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums">{value ?? <Skeleton className="h-8 w-16" />}</dd>
        </div>
      ))}
    </dl>
  );
}

function ArchiveButton({ plan }: { plan: Plan }) {
  const [open, setOpen] = useState(false);
  const archive = usePlazaMutation(planMutations.archive);
  const toast = useToast();
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Archive
      </Button>
      <DangerConfirm
        open={open}
        title={`Archive ${plan.name}?`}
        confirmLabel="Archive plan"
        error={archive.error}
        busy={archive.isPending}
        onCancel={() => {
          setOpen(false);
          archive.reset();
        }}
        onConfirm={() =>
          archive.mutate(plan.id, {
            onSuccess: () => {
              toast(`${plan.name} is archived`);
              setOpen(false);
            },
          })
        }
      >
        <p>Nobody can buy it any more. Its members keep their plan and its benefits until it ends.</p>
      </DangerConfirm>
    </>
  );
}
