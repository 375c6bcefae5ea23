import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Checkout, CreateCheckoutRequest, Violation } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { hasScope } from '../../kernel/caller.js';
import { notFound, violation } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { preparedFor } from '../../lib/prepared.js';
import { webBase } from '../../lib/urls.js';
import { parseAmount, resolveLines, toStoredLines } from '../pricing/index.js';
import { getSite } from '../../platform/site/index.js';
import { emitEvent } from '../../platform/events/index.js';
import { memberLoginEmail } from '../../platform/members/index.js';
import { computeTotals, flowTotalsBase, merchantDiscountsInput } from '../totals/index.js';
import { applyInfo, assertMembershipsApplied, checkPaymentOption, pathsOf } from './info.js';
import type { CheckoutRow, StoredCheckoutInfo, StoredLine } from './model.js';
import { assertCheckoutOpen, getCheckoutSettings } from './settings.service.js';
import { checkouts } from './tables.js';
import { toCheckout } from './wire.js';

export const hostedCheckoutUrl = (ctx: Ctx, id: string): string => `${webBase(ctx)}/checkout/${id}`;

/** The owner and `ecom` API keys reach every checkout; visitors and members only their own. */
export const seesAllCheckouts = (ctx: Ctx): boolean =>
  (ctx.caller.type === 'MEMBER' && ctx.caller.role === 'OWNER') || hasScope(ctx.caller, 'ecom');

function ownerFilter(ctx: Ctx): SQL | undefined {
  if (seesAllCheckouts(ctx)) return undefined;
  if (ctx.caller.type === 'MEMBER') return eq(checkouts.memberId, ctx.caller.memberId);
  if (ctx.caller.type === 'ANONYMOUS_VISITOR') return eq(checkouts.visitorId, ctx.caller.visitorId);
  return eq(checkouts.id, '00000000-0000-0000-0000-000000000000'); // nobody else
}

const lockVisitorCheckout = preparedFor((db) =>
  db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, sql.placeholder('id')), eq(checkouts.visitorId, sql.placeholder('owner'))))
    .limit(1)
    .for('update')
    .prepare('checkout_lock_visitor'),
);

/** A checkout the caller may reach, locked for update when asked; anyone else's is the same 404 as a missing one. */
export async function loadCheckout(ctx: Ctx, id: string, lock = false): Promise<CheckoutRow> {
  // A shopper locking their own checkout is every placement: that statement is built once.
  const own = lock && ctx.caller.type === 'ANONYMOUS_VISITOR' ? ctx.caller.visitorId : undefined;
  if (own !== undefined) {
    const [row] = await lockVisitorCheckout(ctx.db).execute({ id, owner: own });
    if (!row) throw notFound('Checkout');
    return row;
  }
  const q = ctx.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.id, id), ownerFilter(ctx)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw notFound('Checkout');
  return row;
}

/**
 * subscription.no-gift-card: renewals are charged to the card saved by the first order, so a subscription is paid
 * by card from its first order on; a gift card on its checkout pays nothing and blocks placement until removed (a
 * code given with a PATCH is refused at once, in these words).
 */
const GIFT_CARD_NOT_FOR_SUBSCRIPTIONS: Violation = {
  severity: 'ERROR',
  target: { other: { name: 'giftCard' } },
  description: 'Gift cards can’t pay for subscriptions: remove the gift card to subscribe.',
};

/** Prices the lines from the catalog, runs the totals engine and answers the whole checkout. */
export async function renderCheckout(ctx: Ctx, row: CheckoutRow): Promise<Checkout> {
  const [site, settings] = await Promise.all([getSite(ctx), getCheckoutSettings(ctx)]);
  const resolved = await resolveLines(ctx, row.lines, site.currency, site.locale, webBase(ctx));
  const info = row.info;
  const shippingAddress = info.shippingDestination?.address;
  const billingAddress = info.billingInfo?.address;
  const subscribes = resolved.subscriptions.length > 0;
  if (row.giftCardCode && subscribes) resolved.violations.push(GIFT_CARD_NOT_FOR_SUBSCRIPTIONS);
  const totals = await computeTotals(ctx, {
    ...flowTotalsBase('CHECKOUT', row.id, site, resolved.totalsLines),
    ...(row.couponCode ? { couponCode: row.couponCode } : {}),
    ...(info.merchantDiscounts ? { merchantDiscounts: merchantDiscountsInput(info.merchantDiscounts) } : {}),
    buyer: {
      ...(row.memberId ? { memberId: row.memberId } : {}),
      ...(row.visitorId ? { visitorId: row.visitorId } : {}),
      ...(info.email ? { email: info.email } : {}),
    },
    ...(shippingAddress ? { shippingAddress } : {}),
    ...(billingAddress ? { billingAddress } : {}),
    ...(info.selectedShippingOption ? { selectedShippingOption: info.selectedShippingOption } : {}),
    calculateShipping: shippingAddress !== undefined,
    calculateTax: shippingAddress !== undefined || billingAddress !== undefined,
    ...(row.giftCardCode && !subscribes ? { giftCardCode: row.giftCardCode } : {}),
    ...(info.selectedMemberships ? { selectedMemberships: info.selectedMemberships.memberships } : {}),
    ...(info.tip
      ? {
          tip: {
            source: info.tip.source,
            ...(info.tip.presetId ? { presetId: info.tip.presetId } : {}),
            ...(info.tip.amountMinor ? { amount: BigInt(info.tip.amountMinor) } : {}),
            ...(info.tip.percentage !== undefined ? { percentage: info.tip.percentage } : {}),
          },
        }
      : {}),
    paymentOption: info.paymentOption,
    lineDeposits: resolved.deposits,
    now: ctx.clock(),
  });
  return toCheckout(row, resolved, totals, settings, {
    locale: site.locale,
    checkoutUrl: row.overrideCheckoutUrl ?? hostedCheckoutUrl(ctx, row.id),
    now: ctx.clock(),
  });
}

/**
 * money.shown-total: remembers the total an answer shows the caller, so placement can refuse a total nobody saw.
 * Written only when it changed, as a single-key update that leaves the buyer's concurrent changes alone.
 */
export async function rememberShownTotal(ctx: Ctx, row: CheckoutRow, checkout: Checkout): Promise<void> {
  const shown = shownTotalOf(checkout);
  if (row.completed || row.info.shownTotal?.minor === shown.minor) return;
  await ctx.db.execute(
    sql`UPDATE checkouts SET info = jsonb_set(info, '{shownTotal}', ${JSON.stringify(shown)}::jsonb)
        WHERE id = ${row.id} AND NOT completed`,
  );
  row.info = { ...row.info, shownTotal: shown };
}

const shownTotalOf = (checkout: Checkout) => ({
  minor: parseAmount(checkout.priceSummary.total.amount, checkout.currency, 'total').toString(),
  formatted: checkout.priceSummary.total.formattedAmount,
});

/** Answers a checkout to its caller: priced now, and that total remembered as shown. */
async function showCheckout(ctx: Ctx, row: CheckoutRow): Promise<Checkout> {
  const checkout = await renderCheckout(ctx, row);
  await rememberShownTotal(ctx, row, checkout);
  return checkout;
}

async function memberEmail(ctx: Ctx): Promise<string | undefined> {
  if (ctx.caller.type !== 'MEMBER') return undefined;
  const m = await memberLoginEmail(ctx, ctx.caller.memberId);
  return m?.email ?? undefined;
}

/** Inserts a checkout for the caller (in the caller's transaction) and emits `ecom.checkout.created`. */
export async function insertCheckout(
  ctx: Ctx,
  values: {
    lines: StoredLine[];
    info: StoredCheckoutInfo;
    channelType: string;
    couponCode?: string;
    giftCardCode?: string;
    overrideCheckoutUrl?: string;
    cartId?: string;
    templateId?: string;
    /** A merchant placing an order for someone: the buyer, instead of the caller. */
    forMember?: { memberId: string | null };
    /** A coupon carried over (from a cart or a template) is kept only when it applies to this checkout. */
    carriedCoupon?: boolean;
    /** No ecom.checkout.created: the vehicle of a merchant's order, placed at once (or deleted when refused). */
    silent?: boolean;
  },
): Promise<Checkout> {
  await assertCheckoutOpen(ctx);
  const now = ctx.clock();
  const c = ctx.caller;
  const email = values.info.email ?? (values.forMember ? undefined : await memberEmail(ctx));
  const row: CheckoutRow = {
    id: uuidv7(now.getTime()),
    cartId: values.cartId ?? null,
    templateId: values.templateId ?? null,
    memberId: values.forMember ? values.forMember.memberId : c.type === 'MEMBER' ? c.memberId : null,
    visitorId: !values.forMember && c.type === 'ANONYMOUS_VISITOR' ? c.visitorId : null,
    channelType: values.channelType,
    lines: values.lines,
    info: { ...values.info, ...(email ? { email } : {}) },
    couponCode: values.couponCode ?? null,
    giftCardCode: values.giftCardCode ?? null,
    overrideCheckoutUrl: values.overrideCheckoutUrl ?? null,
    completed: false,
    createdDate: now,
    updatedDate: now,
  };
  let checkout = await renderCheckout(ctx, row);
  // The shopper was told in the cart that the code does not apply: the checkout does not start blocked by it.
  if (values.carriedCoupon && row.couponCode && !checkout.appliedDiscounts.some((d) => d.coupon)) {
    row.couponCode = null;
    checkout = await renderCheckout(ctx, row);
  }
  row.info = { ...row.info, shownTotal: shownTotalOf(checkout) };
  await ctx.db.insert(checkouts).values(row);
  if (!values.silent) await emitEvent(ctx, { type: 'ecom.checkout.created', entityId: row.id, entity: checkout });
  return checkout;
}

export async function createCheckout(ctx: Ctx, req: CreateCheckoutRequest): Promise<Checkout> {
  if (req.overrideCheckoutUrl && ctx.caller.type !== 'APP') {
    throw violation('overrideCheckoutUrl', 'FIELD_NOT_ALLOWED', 'only API keys may override the checkout URL');
  }
  const [site, settings] = await Promise.all([getSite(ctx), getCheckoutSettings(ctx)]);
  const lines = await toStoredLines(ctx, site.currency, req);
  const hasDeposit = await linesHaveDeposit(ctx, lines, site.currency, site.locale);
  const input = req.checkoutInfo ?? {};
  const { info, channelType } = applyInfo(ctx, { paymentOption: 'FULL_PAYMENT_ONLINE' }, input, pathsOf(input), {
    prefix: 'checkoutInfo',
    currency: site.currency,
    settings,
    hasDeposit,
  });
  // Codes given here are kept even when they do not apply (then an ERROR violation says why): refusing would lose
  // the whole checkout over one code. A PATCH of a code is refused instead (update.service.ts).
  return withTx(ctx, async (tx) => {
    const checkout = await insertCheckout(tx, {
      lines,
      info,
      channelType: req.channelType ?? channelType ?? 'WEB',
      ...(req.couponCode ? { couponCode: req.couponCode } : {}),
      ...(req.giftCardCode ? { giftCardCode: req.giftCardCode } : {}),
      ...(req.overrideCheckoutUrl ? { overrideCheckoutUrl: req.overrideCheckoutUrl } : {}),
    });
    assertMembershipsApplied(checkout, input.membershipOptions?.selectedMemberships !== undefined, 'checkoutInfo');
    return checkout;
  });
}

export async function linesHaveDeposit(ctx: Ctx, lines: StoredLine[], currency: string, locale: string) {
  if (!lines.length) return false;
  return (await resolveLines(ctx, lines, currency, locale, '')).deposits.size > 0;
}

export async function getCheckout(ctx: Ctx, id: string): Promise<Checkout> {
  return showCheckout(ctx, await loadCheckout(ctx, id));
}

/** The newest checkout made from this cart that the caller may reach. */
export async function getCheckoutByCartId(ctx: Ctx, cartId: string): Promise<Checkout> {
  const [row] = await ctx.db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.cartId, cartId), ownerFilter(ctx)))
    .orderBy(desc(checkouts.createdDate))
    .limit(1);
  if (!row) throw notFound('Checkout');
  return showCheckout(ctx, row);
}

export async function getCheckoutUrl(ctx: Ctx, id: string): Promise<{ checkoutUrl: string }> {
  const row = await loadCheckout(ctx, id);
  return { checkoutUrl: row.overrideCheckoutUrl ?? hostedCheckoutUrl(ctx, row.id) };
}

/**
 * `{platform}-checkout-url`: checkouts on other platforms (a marketplace's own checkout). None is supported today;
 * the checkout is still looked up first so a stranger's id stays a 404.
 */
export async function getPlatformCheckoutUrl(ctx: Ctx, id: string, platform: string): Promise<never> {
  await loadCheckout(ctx, id);
  throw violation('platform', 'VALIDATION', `platform "${platform}" is not supported; use checkout-url`);
}

export async function getPaymentSettings(ctx: Ctx, id: string) {
  const row = await loadCheckout(ctx, id);
  const site = await getSite(ctx);
  const deposit = await linesHaveDeposit(ctx, row.lines, site.currency, site.locale);
  checkPaymentOption(row.info.paymentOption, true, 'paymentOption');
  // Renewals are charged to a saved card: a subscription is never paid offline.
  const subscribes = row.lines.some((l) => l.subscriptionOptionInfo);
  return {
    paymentSettings: {
      paymentOptions: [
        'FULL_PAYMENT_ONLINE' as const,
        ...(subscribes ? [] : ['FULL_PAYMENT_OFFLINE' as const]),
        ...(deposit ? ['DEPOSIT_ONLINE' as const] : []),
      ],
      selectedPaymentOption: row.info.paymentOption,
    },
  };
}
