import { PLAN_APP_ID, type MembershipOption } from '@plaza/contracts';
import type { CoveredLine, MembershipResult, TotalsInput, TotalsLine } from '../totals/index.js';
import { benefitCovers, type CreditBalanceNow, type Holding } from './holdings.js';

/** A plan's credits for one line: the first CREDITS benefit (by position) naming its product or a collection. */
export const creditsFor = (h: Holding, line: Pick<TotalsLine, 'catalogItemId' | 'collectionIds'>) =>
  line.catalogItemId === undefined
    ? undefined
    : h.credits.find((c) => benefitCovers(c.benefit, line.catalogItemId, line.collectionIds));

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Why a plan that covers lines can't pay them now; undefined when it can. */
function invalidReason(h: Holding, used: CreditBalanceNow[]): string | undefined {
  if (h.membership.status === 'PAUSED') return 'This plan is paused';
  if (!h.usable) return 'Ended';
  if (used.every((c) => c.used >= c.quota)) {
    const ends = used.map((c) => c.period.end).filter((e): e is Date => e !== null);
    return ends.length ? `No credits left until ${day(new Date(Math.min(...ends.map(Number))))}` : 'No credits left';
  }
  return undefined;
}

/**
 * The member's plans whose credits cover lines: eligible (usable with credits left) or invalid with the reason.
 * A plan covering no line of this purchase is not offered at all.
 */
export function membershipOptionsOf(holdings: Holding[], lines: TotalsLine[]): MembershipResult['options'] {
  const out: MembershipResult['options'] = { eligible: [], invalid: [] };
  for (const h of holdings) {
    const covered = lines.filter((l) => creditsFor(h, l));
    if (!covered.length) continue;
    const used = [...new Set(covered.map((l) => creditsFor(h, l)!))];
    const total = used.reduce((a, c) => a + c.quota, 0);
    const remaining = used.reduce((a, c) => a + Math.max(0, c.quota - c.used), 0);
    const option: MembershipOption = {
      id: h.membership.id,
      appId: PLAN_APP_ID,
      name: { original: h.plan.name },
      lineItemIds: covered.map((l) => l.id),
      credits: { total, remaining },
      ...(h.membership.endDate ? { expirationDate: h.membership.endDate.toISOString() } : {}),
    };
    const reason = invalidReason(h, used);
    if (reason) out.invalid.push({ membership: option, reason });
    else out.eligible.push(option);
  }
  return out;
}

/**
 * The buyer's choice checked against what the member holds now: every named line covered by that plan's credits,
 * no line twice, no more units than credits left (per benefit and period, across entries). A refused entry pays
 * nothing; the caller turns its error into a 400 (a request) or an ERROR violation (a stored choice).
 */
export function coveredLinesOf(
  input: TotalsInput,
  holdings: Holding[],
): { covered: Map<string, CoveredLine>; errors: MembershipResult['selectionErrors'] } {
  const covered = new Map<string, CoveredLine>();
  const errors: MembershipResult['selectionErrors'] = [];
  const taken = new Map<CreditBalanceNow, number>();
  for (const [index, sel] of (input.selectedMemberships ?? []).entries()) {
    const h = holdings.find((x) => x.membership.id === sel.id && x.usable);
    const refuse = (description: string) => errors.push({ index, description });
    if (!input.buyer?.memberId) {
      refuse('Sign in to pay with a plan');
      continue;
    }
    if (sel.appId !== PLAN_APP_ID || !h) {
      refuse(`No plan "${sel.id}" of this member can pay now`);
      continue;
    }
    const entry = new Map<CreditBalanceNow, number>();
    const problem = checkEntry(input, h, sel.lineItemIds, covered, entry, taken);
    if (problem) {
      refuse(problem);
      continue;
    }
    for (const [c, n] of entry) taken.set(c, (taken.get(c) ?? 0) + n);
    const how = { membershipId: h.membership.id, offline: h.plan.paidOffline, taxCredited: h.plan.taxCreditedLines };
    for (const id of sel.lineItemIds) covered.set(id, how);
  }
  return { covered, errors };
}

/** Why one selection entry can't be paid (counting its units into `entry`), or undefined. */
function checkEntry(
  input: TotalsInput,
  h: Holding,
  lineItemIds: string[],
  covered: Map<string, CoveredLine>,
  entry: Map<CreditBalanceNow, number>,
  taken: Map<CreditBalanceNow, number>,
): string | undefined {
  for (const id of lineItemIds) {
    const line = input.lines.find((l) => l.id === id);
    const credits = line && creditsFor(h, line);
    if (!line || !credits) return `${h.plan.name} does not cover line "${id}"`;
    if (covered.has(id) || lineItemIds.indexOf(id) !== lineItemIds.lastIndexOf(id)) {
      return `Line "${id}" is already paid with a plan`;
    }
    entry.set(credits, (entry.get(credits) ?? 0) + line.quantity);
  }
  for (const [c, n] of entry) {
    const left = c.quota - c.used - (taken.get(c) ?? 0);
    if (n > left) return `${h.plan.name} has ${Math.max(0, left)} credits left; these lines need ${n}`;
  }
  return undefined;
}
