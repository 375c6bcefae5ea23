import type { CreditBalance, Membership, Plan, PlanBenefit, PlanDuration } from '@plaza/sdk/plans';

// How a plan and a membership read to a shopper and to the shop owner: prices, periods and benefits in words.

type Unit = PlanDuration['unit'];
const UNIT: Record<Unit, [string, string]> = {
  DAY: ['day', 'days'],
  WEEK: ['week', 'weeks'],
  MONTH: ['month', 'months'],
  YEAR: ['year', 'years'],
};

/** "1 month", "3 months". */
export const durationWords = (d: PlanDuration) => `${d.count} ${UNIT[d.unit][d.count === 1 ? 0 : 1]}`;

/** "a month", "every 3 months". */
const perWords = (unit: Unit, count: number) =>
  count === 1 ? `a ${UNIT[unit][0]}` : `every ${count} ${UNIT[unit][1]}`;

const isFree = (plan: Pick<Plan, 'price'>) => Number(plan.price.amount) === 0;

/** "€20 / month", "€20 every 3 months", "€50 once", "Free". */
export function priceWords(plan: Pick<Plan, 'price' | 'recurrence'>): string {
  if (isFree(plan)) return 'Free';
  const r = plan.recurrence;
  if (!r) return `${plan.price.formattedAmount} once`;
  return r.interval === 1
    ? `${plan.price.formattedAmount} / ${UNIT[r.frequency][0]}`
    : `${plan.price.formattedAmount} every ${r.interval} ${UNIT[r.frequency][1]}`;
}

/** What else the price means: "12 payments", "First 14 days free". */
export function priceDetails(plan: Pick<Plan, 'price' | 'recurrence'>): string[] {
  const r = plan.recurrence;
  if (!r || isFree(plan)) return [];
  return [
    ...(r.freeTrialDays ? [`First ${r.freeTrialDays} ${r.freeTrialDays === 1 ? 'day' : 'days'} free`] : []),
    r.billingCycles ? `${r.billingCycles} ${r.billingCycles === 1 ? 'payment' : 'payments'}` : 'Until you cancel',
  ];
}

/** "Valid for 1 year", "No end date"; nothing for a recurring plan without one (it lasts while paid). */
export function validityWords(plan: Pick<Plan, 'validity' | 'recurrence'>): string {
  if (plan.validity) return `Valid for ${durationWords(plan.validity)}`;
  return plan.recurrence ? '' : 'No end date';
}

/** Names of the shop's products and collections, to name what a benefit covers. */
export interface TargetNames {
  product: (id: string) => string | undefined;
  collection: (id: string) => string | undefined;
}

/** "Coffee", "Coffee and Tea", "Beans", "3 products": what a benefit covers, by name when known. */
export function targetWords(b: Pick<PlanBenefit, 'productIds' | 'collectionIds'>, names?: TargetNames): string {
  const known = [
    ...b.productIds.map((id) => names?.product(id)),
    ...b.collectionIds.map((id) => names?.collection(id)),
  ];
  if (known.length === 0) return '';
  if (known.every(Boolean) && known.length <= 3) {
    const all = known as string[];
    return all.length === 1 ? all[0]! : `${all.slice(0, -1).join(', ')} and ${all[all.length - 1]}`;
  }
  const n = known.length;
  const products = b.collectionIds.length === 0;
  return `${n} ${products ? (n === 1 ? 'product' : 'products') : n === 1 ? 'selection' : 'selections'}`;
}

/** How often credits come back: "a month"; per billing cycle of a recurring plan; else "in all". */
export function creditPeriodWords(b: Pick<PlanBenefit, 'creditPeriod'>, plan?: Pick<Plan, 'recurrence'>): string {
  if (b.creditPeriod) return perWords(b.creditPeriod.unit, b.creditPeriod.count);
  if (plan?.recurrence) return perWords(plan.recurrence.frequency, plan.recurrence.interval);
  return 'in all';
}

/** One benefit as a shopper reads it: "4 × Coffee a month", "10 % off Beans", "Free delivery". */
export function benefitWords(b: PlanBenefit, plan?: Pick<Plan, 'recurrence'>, names?: TargetNames): string {
  const what = targetWords(b, names);
  switch (b.kind) {
    case 'CREDITS':
      return `${b.credits ?? 0} × ${what || 'any product'} ${creditPeriodWords(b, plan)}`;
    case 'MEMBER_PRICE': {
      const off = b.percentOff ? `${b.percentOff} % off` : `${b.amountOff?.formattedAmount ?? ''} off`;
      return b.wholeOrder || !what ? `${off} every order` : `${off} ${what}`;
    }
    case 'FREE_SHIPPING':
      return b.deliveryOptionCodes.length ? 'Free delivery (some delivery options)' : 'Free delivery';
    case 'MEMBER_ONLY':
      return what ? `Members-only products: ${what}` : 'Members-only products';
  }
}

/** "3 of 4 left", with when they renew or lapse. */
export function creditsLeftWords(c: CreditBalance, benefit: PlanBenefit | undefined, names?: TargetNames): string {
  const what = benefit ? targetWords(benefit, names) : '';
  return `${c.remaining} of ${c.total}${what ? ` × ${what}` : ''} left`;
}

export type StatusTone = 'success' | 'warning' | 'neutral';

/** A membership's state in words for its holder: Active, Renews on …, Ends on …, Paused, Ended. */
export function membershipStatus(m: Membership, day: (iso: string) => string): { text: string; tone: StatusTone } {
  if (m.status === 'PAUSED') return { text: 'Paused — update your card', tone: 'warning' };
  if (m.status === 'ENDED') {
    const when = m.endDate ? ` on ${day(m.endDate)}` : '';
    return { text: m.endReason === 'REVOKED' ? `Ended by the shop${when}` : `Ended${when}`, tone: 'neutral' };
  }
  if (m.canceledDate && m.endDate) return { text: `Canceled — ends on ${day(m.endDate)}`, tone: 'warning' };
  if (m.renewalDate) return { text: `Active — renews on ${day(m.renewalDate)}`, tone: 'success' };
  if (m.endDate) return { text: `Active until ${day(m.endDate)}`, tone: 'success' };
  return { text: 'Active', tone: 'success' };
}

/** Whether a membership can still be canceled by its holder (not already canceled or over). */
export const cancelable = (m: Membership) => m.status !== 'ENDED' && !m.canceledDate;
