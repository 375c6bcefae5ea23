import type { Product, Variant } from '@plaza/sdk/catalog';

/** The visible variant matching every chosen option, if any. */
export function findVariant(product: Product, choices: Record<string, string>): Variant | undefined {
  return product.variants.find((v) => v.visible && product.options.every((o) => v.choices[o.name] === choices[o.name]));
}

/** Start on the first in-stock visible variant (else the first visible), so the page shows a real price at once. */
export function initialChoices(product: Product): Record<string, string> {
  const visible = product.variants.filter((v) => v.visible);
  const first = visible.find((v) => v.inventory.inStock) ?? visible[0];
  if (first) return { ...first.choices };
  return Object.fromEntries(product.options.map((o) => [o.name, o.choices[0] ?? '']));
}

/** A choice nobody can buy (no visible variant has it with the other current choices) is shown as unavailable. */
export function choiceAvailable(product: Product, choices: Record<string, string>, option: string, choice: string) {
  const v = findVariant(product, { ...choices, [option]: choice });
  return v !== undefined && v.inventory.inStock;
}

const UNIT: Record<string, [string, string]> = {
  DAY: ['day', 'days'],
  WEEK: ['week', 'weeks'],
  MONTH: ['month', 'months'],
  YEAR: ['year', 'years'],
};

/** "Every 2 weeks", "Every month, 6 deliveries". */
export function subscriptionLabel(o: { frequency: string; interval: number; billingCycles?: number }) {
  const [one, many] = UNIT[o.frequency] ?? [o.frequency.toLowerCase(), o.frequency.toLowerCase()];
  const every = o.interval === 1 ? `Every ${one}` : `Every ${o.interval} ${many}`;
  return o.billingCycles ? `${every}, ${o.billingCycles} deliveries` : every;
}
