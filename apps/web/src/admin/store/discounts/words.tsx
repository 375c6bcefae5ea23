import type { Coupon, Discount } from '@plaza/contracts';
import { Badge } from '../../../ui/Badge.js';

/** "20% off everything", "€5.00 off shipping", "Shipping for €0.00". */
export function discountWords(d: Discount): string {
  const scope = d.scope === 'SHIPPING' ? 'shipping' : d.scope === 'SPECIFIC_ITEMS' ? 'some products' : 'everything';
  if (d.type === 'PERCENTAGE') return `${d.percentage ?? 0}% off ${scope}`;
  if (d.type === 'FIXED_AMOUNT') return `${d.fixedAmount?.formattedAmount ?? ''} off ${scope}`;
  return `${scope === 'everything' ? 'Everything' : scope.charAt(0).toUpperCase() + scope.slice(1)} for ${d.fixedPrice?.formattedAmount ?? ''}`;
}

/** Live, Scheduled, Expired (from its dates) or Off (turned off by the owner). */
export function CouponStatus({ coupon }: { coupon: Pick<Coupon, 'active' | 'status'> }) {
  if (!coupon.active) return <Badge>Off</Badge>;
  if (coupon.status === 'PENDING') return <Badge tone="warning">Scheduled</Badge>;
  if (coupon.status === 'EXPIRED') return <Badge tone="danger">Expired</Badge>;
  return <Badge tone="success">Live</Badge>;
}

const number = new Intl.NumberFormat();
export const usageWords = (c: Pick<Coupon, 'numberOfUsages' | 'usageLimit'>) =>
  c.usageLimit
    ? `${number.format(c.numberOfUsages)} of ${number.format(c.usageLimit)} used`
    : `${number.format(c.numberOfUsages)} used`;
