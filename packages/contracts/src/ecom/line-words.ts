import type { Address, LineItem } from './common.js';

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

/** The fields of a site that decide how a date reads. */
interface SlotSite {
  locale?: string;
  timeZone?: string | null;
}

/**
 * A delivery window in words, in the site's locale and time zone: "Nov 28, 2026, 9:00 AM – 12:00 PM" (the day once
 * when both ends fall on it). Falls back to en-US and UTC when the runtime does not know the locale or zone.
 */
export function slotWords(slot: { from: string; to: string }, site: SlotSite | undefined): string {
  const from = new Date(slot.from);
  const to = new Date(slot.to);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) return `${slot.from} – ${slot.to}`;
  for (const [locale, timeZone] of [
    [site?.locale, site?.timeZone ?? 'UTC'],
    ['en-US', 'UTC'],
  ] as const) {
    try {
      // Plain spaces: ICU's narrow and thin ones cannot be drawn by the PDF's standard fonts.
      return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
        .formatRange(from, to)
        .replace(/[\u202f\u2009]/g, ' ');
    } catch {
      // An unknown locale or time zone: try the next.
    }
  }
  return `${slot.from} – ${slot.to}`;
}

/** A pickup's place in words: the address lines as its country writes them, then the opening hours. */
export function pickupPlaceLines(
  pickup: { address: Address; businessHours?: string } | undefined,
  addressLines: (a: Address) => string[],
): string[] {
  if (!pickup) return [];
  const lines = addressLines(pickup.address);
  return pickup.businessHours ? [...lines, `Open ${pickup.businessHours}`] : lines;
}
