import { Link } from 'react-router';
import { shopOrderQueries } from '@plaza/react';
import { PAYMENT_WORDS, ORDER_WORDS } from '../storefront/store/orders/words.js';
import { useDayFormat } from '../storefront/format.js';
import { AccountListPage } from './AccountListPage.js';

/** /account/orders: the member's orders, newest first, each opening its page. */
export default function OrdersPage() {
  const day = useDayFormat();
  return (
    <AccountListPage
      title="My orders"
      signInTo={{ title: 'Your orders', what: 'the orders you placed' }}
      query={shopOrderQueries.mine}
      empty={{
        text: 'No orders yet. Orders placed as a guest with your verified e-mail address show here too.',
        toProducts: 'Start shopping',
      }}
    >
      {(orders) => (
        <ul className="mt-6 divide-y divide-neutral-200 rounded-lg border border-neutral-200 bg-white">
          {orders.map((o) => (
            <li key={o.id}>
              <Link
                to={`/orders/${o.id}`}
                className="flex flex-wrap items-center gap-x-4 gap-y-1 p-4 hover:bg-neutral-50"
              >
                <span className="font-medium">Order {o.number}</span>
                <span className="text-sm text-neutral-600">{day(o.createdDate)}</span>
                <span className="text-sm text-neutral-600">
                  {ORDER_WORDS[o.status]} · {PAYMENT_WORDS[o.paymentStatus]}
                </span>
                <span className="ml-auto tabular-nums">{o.priceSummary.total.formattedAmount}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </AccountListPage>
  );
}
