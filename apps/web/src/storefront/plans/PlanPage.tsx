import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { planQueries, usePlaza } from '@plaza/react';
import type { Plan } from '@plaza/sdk/plans';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Skeleton } from '../../ui/Skeleton.js';
import { JoinPlan } from './JoinPlan.js';
import { useShopTargetNames } from './names.js';
import { BenefitList, PlanPicture, PlanPrice } from './PlanCard.js';

/** /plans/:slug: one plan (hidden ones too, by their link), what it gives, and Join. */
export default function PlanPage() {
  const { slug = '' } = useParams();
  const {
    data: plan,
    error,
    isPending,
    refetch,
    isFetching,
  } = useQuery({
    ...planQueries.bySlug(usePlaza(), slug),
    select: (r) => r.plan,
  });
  useEffect(() => {
    if (plan) document.title = plan.name;
  }, [plan]);
  if (isPending) {
    return (
      <div
        aria-busy="true"
        aria-label="Loading the plan"
        className="mx-auto grid max-w-5xl gap-8 px-4 py-10 md:grid-cols-2"
      >
        <Skeleton className="aspect-[16/9] w-full" />
        <div className="space-y-3">
          <Skeleton className="h-8 w-2/3" />
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-24 w-full" />
        </div>
      </div>
    );
  }
  if (error) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        {(error as { status?: number }).status === 404 ? (
          <div className="text-center">
            <h1 className="text-2xl font-semibold">This plan is not available</h1>
            <p className="mt-2 text-neutral-600">The link may be old, or the shop no longer offers it.</p>
            <Link to="/plans" className="mt-6 inline-block font-medium text-accent hover:underline">
              See all plans
            </Link>
          </div>
        ) : (
          <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
        )}
      </div>
    );
  }
  return <PlanView plan={plan} />;
}

function PlanView({ plan }: { plan: Plan }) {
  const names = useShopTargetNames(plan.benefits);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-neutral-600">
        <Link to="/plans" className="hover:underline">
          Plans
        </Link>
        <span aria-hidden> / </span>
        <span aria-current="page">{plan.name}</span>
      </nav>
      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <PlanPicture plan={plan} />
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{plan.name}</h1>
          <div className="mt-3">
            <PlanPrice plan={plan} />
          </div>
          {plan.description && <p className="mt-4 whitespace-pre-line text-neutral-700">{plan.description}</p>}
          {plan.benefits.length > 0 && (
            <div className="mt-6">
              <h2 className="mb-2 font-semibold">What you get</h2>
              <BenefitList plan={plan} names={names} />
            </div>
          )}
          <JoinPlan plan={plan} />
        </div>
      </div>
    </div>
  );
}
