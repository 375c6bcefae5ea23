import { call, usePlaza } from '@plaza/react';
import { useMutation } from '@tanstack/react-query';
import { getDownloadLinks, type Order } from '@plaza/sdk/ecom';
import { Button } from '../../../ui/Button.js';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import { LineFacts } from './lines.js';

/** The payment states whose files can be downloaded (the server's rule for download links). */
export const DOWNLOADABLE: Order['paymentStatus'][] = ['PAID', 'PARTIALLY_REFUNDED'];
export const digitalLines = (order: Order) => order.lineItems.filter((l) => l.itemType === 'DIGITAL');

/** "Your downloads" on a paid order with digital items (the thank-you page and the buyer's order page). */
export function Downloads({ order, token }: { order: Order; token: string | undefined }) {
  if (!digitalLines(order).length || !DOWNLOADABLE.includes(order.paymentStatus)) return null;
  return (
    <section className="mt-6 rounded-lg border border-neutral-200 bg-white p-4" aria-label="Your downloads">
      <h2 className="text-sm font-semibold">Your downloads</h2>
      <DownloadList order={order} token={token} />
    </section>
  );
}

/**
 * An order's files, each with its button. Links last a week, so each click asks for fresh ones: the list works
 * however long after the purchase it is opened.
 */
export function DownloadList({ order, token }: { order: Order; token?: string | undefined }) {
  const plaza = usePlaza();
  const open = useMutation({
    mutationFn: async (lineItemId: string) => {
      const { downloadLinks } = await call(plaza, getDownloadLinks, order.id, token);
      const link = downloadLinks.find((l) => l.lineItemId === lineItemId);
      if (!link) throw new Error('This file is not available yet: the shop will send it by e-mail.');
      window.location.assign(link.url);
    },
  });
  return (
    <>
      <ul className="mt-2 space-y-2">
        {digitalLines(order).map((l) => (
          <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span className="min-w-0 break-words">
              {l.productName}
              <LineFacts line={l} />
            </span>
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
    </>
  );
}
