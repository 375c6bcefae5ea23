import type { LineItem } from './common.js';

/**
 * A line of a cart, checkout or order in words, the same on every surface (dashboard, thank-you page, e-mails,
 * invoice, CSV): the server imports these through `@plaza/contracts/constants`, and so does the web app.
 */

/** The chosen variant's options: "Size: M, Color: Lavender" (empty for an item without options). */
export const optionWords = (descriptionLines: ReadonlyArray<{ name: string; value: string }> | undefined): string =>
  (descriptionLines ?? []).map((d) => `${d.name}: ${d.value}`).join(', ');

/** "2 × Lavender Hoodie (Size: M)": a line summed up in one phrase, as lists and exports show it. */
export function lineWords(l: Pick<LineItem, 'quantity' | 'productName' | 'descriptionLines'>): string {
  const options = optionWords(l.descriptionLines);
  return `${l.quantity} × ${l.productName}${options ? ` (${options})` : ''}`;
}

/** Whether a shipping option's code is one of the shop's pickup places (Plaza names them `pickup:<id>`). */
export const isPickupCode = (code: string | undefined): boolean => Boolean(code?.startsWith('pickup:'));
