import type { ShippingOption, ShippingRegion } from '@plaza/sdk/ecom';
import { countryName } from './countries.js';

// Shipping values in words: never WORLDWIDE, BY_TOTAL_WEIGHT or GTE on screen.

export type RuleType = 'BY_TOTAL_WEIGHT' | 'BY_TOTAL_PRICE' | 'BY_TOTAL_QUANTITY';
export type RuleOperator = 'EQ' | 'GT' | 'GTE' | 'LT' | 'LTE';
export type Weekday = 'MON' | 'TUE' | 'WED' | 'THU' | 'FRI' | 'SAT' | 'SUN';

export const RULE_TYPES: Array<{ value: RuleType | ''; label: string }> = [
  { value: '', label: 'Any order' },
  { value: 'BY_TOTAL_PRICE', label: 'Order total' },
  { value: 'BY_TOTAL_WEIGHT', label: 'Total weight' },
  { value: 'BY_TOTAL_QUANTITY', label: 'Number of items' },
];
export const OPERATORS: Array<{ value: RuleOperator; label: string }> = [
  { value: 'GTE', label: 'is at least' },
  { value: 'GT', label: 'is over' },
  { value: 'LT', label: 'is under' },
  { value: 'LTE', label: 'is at most' },
  { value: 'EQ', label: 'is exactly' },
];
export const WEEKDAYS: Array<{ value: Weekday; label: string }> = [
  { value: 'MON', label: 'Monday' },
  { value: 'TUE', label: 'Tuesday' },
  { value: 'WED', label: 'Wednesday' },
  { value: 'THU', label: 'Thursday' },
  { value: 'FRI', label: 'Friday' },
  { value: 'SAT', label: 'Saturday' },
  { value: 'SUN', label: 'Sunday' },
];

/** "France, Germany (Bavaria)" or "Everywhere else". */
export function regionPlaces(r: Pick<ShippingRegion, 'destinationScope' | 'destinations'>): string {
  if (r.destinationScope === 'WORLDWIDE') return 'Everywhere your other regions don’t cover';
  return r.destinations
    .map((d) =>
      d.subdivisions?.length
        ? `${countryName(d.country)} (${d.subdivisions.map((s) => s.split('-')[1]).join(', ')})`
        : countryName(d.country),
    )
    .join(', ');
}

const typeWord: Record<RuleType, string> = {
  BY_TOTAL_PRICE: 'order total',
  BY_TOTAL_WEIGHT: 'weight',
  BY_TOTAL_QUANTITY: 'items',
};

/** "€4.90", "€4.90 when order total is under 50" for each rate, then the free-shipping line. */
export function rateWords(o: ShippingOption): string {
  const rates = o.rates.map((r) => {
    if (!r.conditions.length) return r.price.formattedAmount;
    const when = r.conditions
      .map((c) => `${typeWord[c.type]} ${OPERATORS.find((x) => x.value === c.operator)?.label ?? ''} ${c.value}`)
      .join(' and ');
    return `${r.price.formattedAmount} when ${when}`;
  });
  const free = o.freeShippingOver ? `; free over ${o.freeShippingOver.formattedAmount}` : '';
  return `${rates.join('; ')}${free}`;
}

export const hourLabel = (h: number) => `${String(h).padStart(2, '0')}:00`;
