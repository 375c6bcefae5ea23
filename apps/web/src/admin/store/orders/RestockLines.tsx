import type { Order, OrderRefund } from '@plaza/sdk/ecom';
import { lineWords, optionWords, PLAZA_CATALOG_APP_ID } from '@plaza/contracts/constants';
import { TextField } from '../../../ui/Field.js';

/** A line the owner may put back in stock, and how many of it are still out. */
export interface Restockable {
  lineItemId: string;
  name: string;
  options: string;
  left: number;
}

/**
 * The order's catalog lines with how many are still out of stock: bought, less what earlier refunds put back (the
 * server checks the same under the order's lock). Lines the shop does not keep in stock are left out.
 */
export function restockable(order: Order, refunds: readonly OrderRefund[]): Restockable[] {
  const back = new Map<string, number>();
  for (const r of refunds) {
    for (const l of r.restockedLineItems ?? []) back.set(l.lineItemId, (back.get(l.lineItemId) ?? 0) + l.quantity);
  }
  return order.lineItems
    .filter((l) => l.catalogReference?.appId === PLAZA_CATALOG_APP_ID)
    .map((l) => ({
      lineItemId: l.id,
      name: l.productName,
      options: optionWords(l.descriptionLines),
      left: l.quantity - (back.get(l.id) ?? 0),
    }))
    .filter((l) => l.left > 0);
}

/** "2 × Kettle, 1 × Hoodie (Size: M)": what a refund put back in stock, for the order's refund list. */
export function restockedWords(order: Order, refund: OrderRefund): string {
  return (refund.restockedLineItems ?? [])
    .map((r) => {
      const line = order.lineItems.find((l) => l.id === r.lineItemId);
      return line ? lineWords({ ...line, quantity: r.quantity }) : undefined;
    })
    .filter(Boolean)
    .join(', ');
}

/** A whole number from 0 to `max`, or a problem in words. */
export function restockProblem(text: string, max: number): string | undefined {
  if (!/^\d+$/.test(text.trim())) return 'Enter a whole number, such as 1.';
  return Number(text) > max ? `At most ${max} can go back.` : undefined;
}

/** One quantity field per line: how many of it go back in stock (0 keeps them out). */
export function RestockLines({
  lines,
  values,
  problems,
  onChange,
}: {
  lines: Restockable[];
  values: Record<string, string>;
  problems: Record<string, string | undefined>;
  onChange: (lineItemId: string, text: string) => void;
}) {
  return (
    <fieldset className="space-y-2 rounded-md border border-neutral-200 p-3">
      <legend className="px-1 text-sm font-medium">How many of each go back in stock</legend>
      {lines.map((l) => (
        <TextField
          key={l.lineItemId}
          label={l.options ? `${l.name} (${l.options})` : l.name}
          inputMode="numeric"
          autoComplete="off"
          hint={`Up to ${l.left}.`}
          value={values[l.lineItemId] ?? ''}
          error={problems[l.lineItemId]}
          onChange={(e) => onChange(l.lineItemId, e.target.value)}
        />
      ))}
    </fieldset>
  );
}
