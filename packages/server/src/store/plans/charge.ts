import { PLAN_APP_ID, type ChargeMembershipsRequest, type LineItem } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { violation } from '../../kernel/errors.js';
import { getSite } from '../../platform/site/index.js';
import type { PlacementHandler } from '../orders/index.js';
import { resolveLines, type StoredLine } from '../pricing/index.js';
import { takeCredits, type CreditCharge } from './credits.js';

/** Lines of an order (or a checkout) as credit charges: the collections come from the catalog, as in the totals. */
async function chargesOf(
  ctx: Ctx,
  lines: Array<Pick<LineItem, 'id' | 'quantity' | 'catalogReference' | 'productName'>>,
  membershipOf: (lineId: string) => string | undefined,
): Promise<CreditCharge[]> {
  const site = await getSite(ctx);
  const stored: StoredLine[] = lines.map((l) => ({
    id: l.id,
    quantity: l.quantity,
    ...(l.catalogReference ? { catalogReference: l.catalogReference } : {}),
  }));
  const priced = await resolveLines(ctx, stored, site.currency, site.locale, '');
  return lines.flatMap((l) => {
    const membershipId = membershipOf(l.id);
    if (!membershipId) return [];
    const t = priced.totalsLines.find((x) => x.id === l.id);
    return [
      {
        membershipId,
        lineItemId: l.id,
        productId: t?.catalogItemId ?? l.catalogReference?.catalogItemId,
        collectionIds: t?.collectionIds ?? [],
        productName: l.productName,
        quantity: l.quantity,
      },
    ];
  });
}

/**
 * Lines the checkout paid with plans take their credits with the order, after the stock: a balance short of
 * credits (another order took them meanwhile) refuses the whole placement, nothing half-written.
 */
export const creditsOnPlacement: PlacementHandler = {
  name: 'plan credits',
  order: 110,
  run: async (tx, p) => {
    const selected = p.row.info.selectedMemberships?.memberships ?? [];
    const paid = p.checkout.lineItems.filter((l) => l.paymentOption);
    if (!selected.length || !paid.length || !p.row.memberId) return;
    const membershipOf = (lineId: string) => selected.find((s) => s.lineItemIds.includes(lineId))?.id;
    const charges = await chargesOf(tx, paid, membershipOf);
    await takeCredits(tx, { memberId: p.row.memberId, orderId: p.orderId, charges });
  },
};

/**
 * charge-membership: an existing order's lines paid with a member's plans, through the same credits function
 * (each order line counted once, however often it is sent). The order must be that member's.
 */
export async function chargeMemberships(
  tx: Ctx,
  order: { id: string; memberId: string | null; lineItems: LineItem[] },
  req: ChargeMembershipsRequest,
): Promise<string[]> {
  if (order.memberId !== req.memberId) {
    throw violation('memberId', 'VALIDATION', 'the order was not bought by this member');
  }
  const lines: LineItem[] = [];
  for (const [i, c] of req.membershipCharges.entries()) {
    if (c.appId !== PLAN_APP_ID) {
      throw violation(`membershipCharges[${i}].appId`, 'VALIDATION', `memberships here are of "${PLAN_APP_ID}"`);
    }
    const line = order.lineItems.find((l) => l.id === c.lineItemId);
    if (!line) throw violation(`membershipCharges[${i}].lineItemId`, 'VALIDATION', `no line "${c.lineItemId}"`);
    if (lines.includes(line)) {
      throw violation(`membershipCharges[${i}].lineItemId`, 'VALIDATION', 'a line is charged once');
    }
    lines.push(line);
  }
  const membershipOf = (lineId: string) => req.membershipCharges.find((c) => c.lineItemId === lineId)?.membershipId;
  const charges = await chargesOf(tx, lines, membershipOf);
  const uses = await takeCredits(tx, { memberId: req.memberId, orderId: order.id, charges });
  return uses.map((u) => u.lineItemId);
}
