import type { Order } from '@plaza/sdk/ecom';
import { LineFacts } from '../../../storefront/store/orders/lines.js';
import { ProductImage } from '../../../storefront/store/ProductCard.js';

/** The order's lines on its dashboard page: picture, quantity and name, options and SKU, unit price, line total. */
export function OrderItems({ order }: { order: Order }) {
  return (
    <ul className="divide-y divide-neutral-200 text-sm" aria-label="Items">
      {order.lineItems.map((l) => (
        <li key={l.id} className="flex items-start gap-3 py-3">
          <div className="w-12 shrink-0">
            <ProductImage media={l.image} size={48} />
          </div>
          <div className="min-w-0 flex-1">
            <span className="block font-medium">
              {l.quantity} × {l.productName}
            </span>
            <LineFacts line={l} />
            {l.quantity > 1 && (
              <span className="block text-neutral-600 tabular-nums">{l.price.formattedAmount} each</span>
            )}
          </div>
          <span className="tabular-nums">{l.lineItemPrice.formattedAmount}</span>
        </li>
      ))}
    </ul>
  );
}
