import { Link } from 'react-router';
import type { Order } from '@plaza/sdk/ecom';
import { shopOrderQueries } from '@plaza/react';
import { useDayFormat } from '../storefront/format.js';
import { DOWNLOADABLE, digitalLines, DownloadList } from '../storefront/store/orders/Downloads.js';
import { AccountListPage } from './AccountListPage.js';

/** /account/downloads: the files of the member's paid orders, newest order first, each fetched fresh on click. */
export default function DownloadsPage() {
  return (
    <AccountListPage
      title="My downloads"
      signInTo={{ title: 'Your downloads', what: 'the files you bought' }}
      query={(plaza) => ({
        ...shopOrderQueries.downloadable(plaza, { paymentStatus: DOWNLOADABLE }),
        select: (orders: Order[]) => orders.filter((o) => digitalLines(o).length > 0),
      })}
      empty={{ text: 'No downloads yet. Files you buy appear here once they are paid.', toProducts: 'Browse products' }}
    >
      {(orders) => (
        <ul className="mt-6 space-y-3">
          {orders.map((o) => (
            <OrderFiles key={o.id} order={o} />
          ))}
        </ul>
      )}
    </AccountListPage>
  );
}

/** One order's files: its number and date, then its list. */
function OrderFiles({ order }: { order: Order }) {
  const day = useDayFormat();
  return (
    <li className="rounded-lg border border-neutral-200 bg-white p-4">
      <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <Link to={`/orders/${order.id}`} className="font-medium text-accent hover:underline">
          Order {order.number}
        </Link>
        <span className="text-neutral-600">{day(order.createdDate)}</span>
      </p>
      <DownloadList order={order} />
    </li>
  );
}
