import { useEffect } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { planQueries, usePlaza } from '@plaza/react';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Skeleton } from '../../ui/Skeleton.js';
import { useShopTargetNames } from './names.js';
import { PlanCard } from './PlanCard.js';

/** /plans: the shop's public plans side by side, each with its price, benefits and a way to join. */
export default function PlansPage() {
  const { data, error, isPending, refetch, isFetching } = useQuery(planQueries.list(usePlaza(), { limit: 100 }));
  const plans = data?.plans ?? [];
  const names = useShopTargetNames(plans.flatMap((p) => p.benefits));
  useEffect(() => {
    document.title = 'Plans';
  }, []);
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight">Plans</h1>
      <p className="mt-2 text-neutral-600">Join a plan and enjoy its benefits every time you shop.</p>
      {isPending ? (
        <div aria-busy="true" aria-label="Loading the plans" className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-96 w-full" />
          ))}
        </div>
      ) : error ? (
        <div className="mt-8">
          <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
        </div>
      ) : plans.length === 0 ? (
        <div className="mt-10 rounded-lg border border-dashed border-neutral-300 p-10 text-center">
          <p className="font-medium">No plans on offer right now.</p>
          <Link to="/products" className="mt-3 inline-block font-medium text-accent hover:underline">
            Browse the shop
          </Link>
        </div>
      ) : (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {plans.map((p) => (
            <PlanCard key={p.id} plan={p} names={names} />
          ))}
        </ul>
      )}
    </div>
  );
}
