import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { getDownloadLinks, searchOrders, type Order } from '@plaza/sdk/ecom';
import { call, shopKeys, usePlazaClient } from '../storefront/store/api.js';
import { useDayFormat } from '../storefront/format.js';
import { Button } from '../ui/Button.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { AccountListPage } from './AccountListPage.js';

/** The payment states whose files can be downloaded (the server's rule for download links). */
const DOWNLOADABLE: Order['paymentStatus'][] = ['PAID', 'PARTIALLY_REFUNDED'];
const digital = (o: Order) => o.lineItems.filter((l) => l.itemType === 'DIGITAL');

/** /account/downloads: the files of the member's paid orders, newest order first, each fetched fresh on click. */
export default function DownloadsPage() {
  return (
    <AccountListPage
      title="My downloads"
      signInTo={{ title: 'Your downloads', what: 'the files you bought' }}
      queryKey={[...shopKeys.all(), 'my-downloads']}
      load={(plaza) =>
        call(plaza, searchOrders, { filter: { paymentStatus: DOWNLOADABLE }, cursorPaging: { limit: 100 } }).then((r) =>
          r.orders.filter((o) => digital(o).length > 0),
        )
      }
      empty={
        <>
          No downloads yet. Files you buy appear here once they are paid.{' '}
          <Link to="/products" className="font-medium text-accent hover:underline">
            Browse products
          </Link>
        </>
      }
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

/** One order's files. Links last a week, so each click asks for a fresh one and the page works at any age. */
function OrderFiles({ order }: { order: Order }) {
  const plaza = usePlazaClient();
  const day = useDayFormat();
  const open = useMutation({
    mutationFn: async (lineItemId: string) => {
      const { downloadLinks } = await call(plaza, getDownloadLinks, order.id);
      const link = downloadLinks.find((l) => l.lineItemId === lineItemId);
      if (!link) throw new Error('This file is not available yet: the shop will send it by e-mail.');
      window.location.assign(link.url);
    },
  });
  return (
    <li className="rounded-lg border border-neutral-200 bg-white p-4">
      <p className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <Link to={`/orders/${order.id}`} className="font-medium text-accent hover:underline">
          Order {order.number}
        </Link>
        <span className="text-neutral-600">{day(order.createdDate)}</span>
      </p>
      <ul className="mt-2 space-y-2">
        {digital(order).map((l) => (
          <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="min-w-0 break-words">{l.productName}</span>
            <Button
              variant="secondary"
              busy={open.isPending && open.variables === l.id}
              onClick={() => open.mutate(l.id)}
            >
              Download {l.productName}
            </Button>
          </li>
        ))}
      </ul>
      {open.error && <ErrorMessage error={open.error} />}
    </li>
  );
}
