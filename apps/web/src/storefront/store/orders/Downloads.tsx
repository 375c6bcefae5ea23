import { useMutation } from '@tanstack/react-query';
import { getDownloadLinks, type Order } from '@plaza/sdk/ecom';
import { Button } from '../../../ui/Button.js';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import { call, usePlazaClient } from '../api.js';
import { LineFacts } from './lines.js';

const PAID = new Set(['PAID', 'PARTIALLY_REFUNDED']);

/**
 * "Your downloads" on a paid order with digital items: each click asks for fresh links (they last a week), so the
 * page works however long after the purchase it is opened.
 */
export function Downloads({ order, token }: { order: Order; token: string | undefined }) {
  const plaza = usePlazaClient();
  const digital = order.lineItems.filter((l) => l.itemType === 'DIGITAL');
  const open = useMutation({
    mutationFn: async (lineItemId: string) => {
      const { downloadLinks } = await call(plaza, getDownloadLinks, order.id, token);
      const link = downloadLinks.find((l) => l.lineItemId === lineItemId);
      if (!link) throw new Error('This file is not available yet: the shop will send it by e-mail.');
      window.location.assign(link.url);
    },
  });
  if (!digital.length || !PAID.has(order.paymentStatus)) return null;
  return (
    <section className="mt-6 rounded-lg border border-neutral-200 bg-white p-4" aria-label="Your downloads">
      <h2 className="text-sm font-semibold">Your downloads</h2>
      <ul className="mt-2 space-y-2">
        {digital.map((l) => (
          <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span>
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
    </section>
  );
}
