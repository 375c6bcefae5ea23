import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { planQueries, usePlaza } from '@plaza/react';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { useDayFormat } from '../../storefront/format.js';

/** The credits used, newest first: read only once the member opens it. */
export function CreditHistory({ membershipId }: { membershipId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="mt-3 text-sm" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary className="cursor-pointer font-medium text-accent">Credits used</summary>
      {open && <Uses membershipId={membershipId} />}
    </details>
  );
}

function Uses({ membershipId }: { membershipId: string }) {
  const day = useDayFormat();
  const { data, error, isPending, refetch, isFetching } = useQuery(planQueries.creditUses(usePlaza(), membershipId));
  if (isPending) return <p className="mt-2 text-neutral-500">Loading…</p>;
  if (error) return <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />;
  if (!data.length) return <p className="mt-2 text-neutral-600">No credits used yet.</p>;
  return (
    <ul className="mt-2 divide-y divide-neutral-100">
      {data.map((u) => (
        <li key={u.id} className="flex flex-wrap justify-between gap-2 py-2">
          <span>
            {u.quantity > 1 ? `${u.quantity} × ` : ''}
            {u.productName}
          </span>
          <span className="text-neutral-600">
            {day(u.date)} ·{' '}
            <Link to={`/orders/${u.orderId}`} className="text-accent hover:underline">
              See the order
            </Link>
          </span>
        </li>
      ))}
    </ul>
  );
}
