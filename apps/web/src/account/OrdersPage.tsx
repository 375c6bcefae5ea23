import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '@plaza/react';
import { searchOrders } from '@plaza/sdk/ecom';
import { call, shopKeys, usePlazaClient } from '../storefront/store/api.js';
import { PAYMENT_WORDS, ORDER_WORDS } from '../storefront/store/orders/words.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { PageSkeleton } from '../ui/PageSkeleton.js';
import { AccountNav } from './AccountNav.js';
import { SignInToSee } from './SignInToSee.js';

/** /account/orders: the member's orders, newest first, each opening its page. */
export default function OrdersPage() {
  const { loggedIn } = useAuth();
  const plaza = usePlazaClient();
  const { data, error, isPending, refetch, isFetching } = useQuery({
    queryKey: [...shopKeys.all(), 'my-orders'],
    queryFn: () => call(plaza, searchOrders, { cursorPaging: { limit: 50 } }).then((r) => r.orders),
    enabled: loggedIn,
  });
  if (!loggedIn) return <SignInToSee title="Your orders" what="the orders you placed" />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <AccountNav />
      <h1 className="text-2xl font-bold tracking-tight">My orders</h1>
      {isPending ? (
        <PageSkeleton />
      ) : error ? (
        <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.length === 0 ? (
        <p className="mt-6 text-neutral-600">
          No orders yet.{' '}
          <Link to="/products" className="font-medium text-accent hover:underline">
            Start shopping
          </Link>
        </p>
      ) : (
        <ul className="mt-6 divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white">
          {data.map((o) => (
            <li key={o.id}>
              <Link
                to={`/orders/${o.id}`}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4 hover:bg-neutral-50"
              >
                <span className="font-medium">Order {o.number}</span>
                <span className="text-sm text-neutral-600">{new Date(o.createdDate).toLocaleDateString()}</span>
                <span className="text-sm text-neutral-600">
                  {ORDER_WORDS[o.status]} · {PAYMENT_WORDS[o.paymentStatus]}
                </span>
                <span className="ml-auto tabular-nums">{o.priceSummary.total.formattedAmount}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
