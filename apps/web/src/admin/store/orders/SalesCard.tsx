import { orderQueries, usePlaza } from '@plaza/react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Card } from '../../../ui/Card.js';
import { Skeleton } from '../../../ui/Skeleton.js';
import { QueryStates } from '../../ui/QueryStates.js';

const DAYS = 14;
/** The last 14 UTC days, oldest first ("2026-11-11" … today). */
export function lastDays(now: Date, days = DAYS): string[] {
  return Array.from({ length: days }, (_, i) =>
    new Date(now.getTime() - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** The home's sales card: orders and sales of the last two weeks, a bar per day (canceled orders left out). */
export function SalesCard() {
  const days = lastDays(new Date());
  const sales = useQuery(orderQueries.salesSince(usePlaza(), days[0]!));
  return (
    <Card title="Sales, last 14 days">
      <QueryStates query={sales} loading={<Skeleton className="h-32 w-full" />}>
        {(data) => <Chart days={days} groups={data.groups} total={data.total} />}
      </QueryStates>
    </Card>
  );
}

function Chart({
  days,
  groups,
  total,
}: {
  days: string[];
  groups: Array<{ key: string; count: number; total: { amount: string; formattedAmount: string } }>;
  total: { count: number; total: { formattedAmount: string } };
}) {
  const byDay = new Map(groups.map((g) => [g.key, g]));
  const max = Math.max(1, ...groups.map((g) => Number(g.total.amount)));
  return (
    <div className="space-y-3">
      <p className="text-2xl font-semibold">
        {total.total.formattedAmount}
        <span className="ml-2 text-sm font-normal text-neutral-600">
          from {total.count} {total.count === 1 ? 'order' : 'orders'}
        </span>
      </p>
      <ol className="flex h-24 items-end gap-1" aria-label="Sales per day">
        {days.map((d) => {
          const g = byDay.get(d);
          const share = g ? Number(g.total.amount) / max : 0;
          return (
            <li
              key={d}
              className="flex h-full flex-1 items-end"
              title={`${d}: ${g?.total.formattedAmount ?? 'no sales'}`}
            >
              <span className="sr-only">
                {d}: {g ? `${g.count} orders, ${g.total.formattedAmount}` : 'no sales'}
              </span>
              <span
                aria-hidden="true"
                className="block w-full rounded-t bg-accent/80"
                style={{ height: `${Math.max(share * 100, g ? 4 : 1)}%` }}
              />
            </li>
          );
        })}
      </ol>
      <Link to="/admin/store/orders" className="text-sm font-medium text-accent hover:underline">
        See all orders
      </Link>
    </div>
  );
}
