import type { CustomLineItemInput, LineItem, LineItemInput, Money, Violation } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { hasScope } from '../../kernel/caller.js';
import { AppError, violation } from '../../kernel/errors.js';
import { appLineSource, type AppLine, type LineSubscription } from './app-lines.js';
import { loadCatalog, type CatalogMemo, type PricedProduct, type PricedVariant } from './line-catalog.js';
import {
  checkCatalogLine,
  customLineParts,
  LB_TO_KG,
  missingLineParts,
  stockOf,
  storedCatalogLine,
  storedCustomLine,
  subscriptionPrice,
} from './line-parts.js';
import type { StoredLine, TotalsLine } from './line-types.js';
import { parseAmount, toMoney } from './money.js';

/**
 * Checkout lines: input → stored lines (checked against the catalog), and stored lines → wire line items plus the
 * totals engine's lines, priced from the catalog on every read.
 */

export interface ResolvedLines {
  lineItems: LineItem[];
  totalsLines: TotalsLine[];
  /** DEPOSIT_ONLINE: per line, the deposit per unit. */
  deposits: Map<string, bigint>;
  violations: Violation[];
  /** Subscription lines with their plan, for the subscription charges. */
  subscriptions: LineSubscription[];
}

type ProductRow = PricedProduct;
type VariantRow = PricedVariant;

const variantIdOf = (l: { catalogReference?: { options?: Record<string, unknown> } }) =>
  typeof l.catalogReference?.options?.variantId === 'string' ? l.catalogReference.options.variantId : undefined;

/**
 * Checks new lines against the catalog and returns them ready to store. A reference to nothing sellable is a 400
 * naming the line (`{field}[i]…`); overrides and custom lines are for `ecom` API keys only.
 */
export async function toStoredLines(
  ctx: Ctx,
  currency: string,
  input: { lineItems?: LineItemInput[]; customLineItems?: CustomLineItemInput[] },
  field = { lines: 'lineItems', custom: 'customLineItems' },
  memo?: CatalogMemo,
): Promise<StoredLine[]> {
  const isApp = hasScope(ctx.caller, 'ecom');
  const lines = input.lineItems ?? [];
  await checkAppLines(ctx, lines, field.lines);
  const fromCatalog = lines.filter((l) => !appLineSource(l.catalogReference.appId));
  const { products, variants } = await loadCatalog(
    ctx,
    fromCatalog.map((l) => l.catalogReference.catalogItemId),
    memo,
  );
  const parse = (amount: string, f: string) => parseAmount(amount, currency, f);
  const out: StoredLine[] = [];
  for (const [i, l] of lines.entries()) {
    const f = `${field.lines}[${i}]`;
    if (!appLineSource(l.catalogReference.appId)) {
      const p = products.get(l.catalogReference.catalogItemId);
      checkCatalogLine(l, f, p, variantIdOf(l), variants.values(), isApp);
    }
    out.push(storedCatalogLine(l, f, parse));
  }
  for (const [i, c] of (input.customLineItems ?? []).entries()) {
    const f = `${field.custom}[${i}]`;
    if (!isApp) throw violation(f, 'FIELD_NOT_ALLOWED', 'custom line items are for API keys with the ecom scope');
    out.push(storedCustomLine(c, f, parse));
  }
  if (out.length > 300) throw new AppError('VALIDATION', 'A checkout holds at most 300 line items');
  return out;
}

/** Lines of apps (paid plans) are checked by their app, each app once for all its lines. */
async function checkAppLines(ctx: Ctx, lines: LineItemInput[], field: string): Promise<void> {
  const byApp = new Map<string, Array<{ line: LineItemInput; field: string }>>();
  for (const [i, line] of lines.entries()) {
    const appId = line.catalogReference.appId;
    if (!appLineSource(appId)) continue;
    byApp.set(appId, [...(byApp.get(appId) ?? []), { line, field: `${field}[${i}]` }]);
  }
  for (const [appId, group] of byApp) await appLineSource(appId)!.check(ctx, group);
}

/** Stored lines of apps, priced by their app, by line id. */
async function resolveAppLines(
  ctx: Ctx,
  stored: StoredLine[],
  money: (m: bigint) => Money,
  publicUrl: string,
): Promise<Map<string, AppLine>> {
  const out = new Map<string, AppLine>();
  const appIds = new Set(
    stored.flatMap((l) => (appLineSource(l.catalogReference?.appId) ? [l.catalogReference!.appId] : [])),
  );
  for (const appId of appIds) {
    const lines = stored.filter((l) => l.catalogReference?.appId === appId);
    for (const [id, line] of await appLineSource(appId)!.resolve(ctx, lines, money, publicUrl)) out.set(id, line);
  }
  return out;
}

/** Stored lines → what the buyer sees and what the totals engine prices, with availability and violations. */
export async function resolveLines(
  ctx: Ctx,
  stored: StoredLine[],
  currency: string,
  locale: string,
  publicUrl: string,
  memo?: CatalogMemo,
): Promise<ResolvedLines> {
  const money = (m: bigint) => toMoney(m, currency, locale);
  const { products, variants, collections } = await loadCatalog(
    ctx,
    stored.flatMap((l) =>
      l.catalogReference && !appLineSource(l.catalogReference.appId) ? [l.catalogReference.catalogItemId] : [],
    ),
    memo,
  );
  const appLines = await resolveAppLines(ctx, stored, money, publicUrl);
  const out: ResolvedLines = { lineItems: [], totalsLines: [], deposits: new Map(), violations: [], subscriptions: [] };
  for (const l of stored) {
    const app = appLines.get(l.id);
    if (app) {
      out.lineItems.push(app.lineItem);
      out.totalsLines.push(app.totalsLine);
      out.violations.push(...app.violations);
      if (app.subscription) out.subscriptions.push(app.subscription);
      continue;
    }
    if (l.custom) {
      const { lineItem, totalsLine } = customLineParts({ ...l, custom: l.custom }, money);
      out.lineItems.push(lineItem);
      out.totalsLines.push(totalsLine);
      continue;
    }
    const ref = l.catalogReference!;
    const p = products.get(ref.catalogItemId);
    const variantId = variantIdOf(l);
    const v = variantId ? variants.get(variantId) : undefined;
    if (!p || !p.visible || (variantId && (!v || !v.visible || v.productId !== p.id))) {
      const missing = missingLineParts(l, ref, money);
      out.lineItems.push(missing.lineItem);
      out.violations.push(missing.violation);
      continue;
    }
    resolveCatalogLine(out, l, ref, p, v, collections.get(p.id) ?? [], money, publicUrl);
  }
  return out;
}

/** A catalog line, priced from its product and variant: what the buyer sees, what the engine prices, its plan. */
function resolveCatalogLine(
  out: ResolvedLines,
  l: StoredLine,
  ref: NonNullable<StoredLine['catalogReference']>,
  p: ProductRow,
  v: VariantRow | undefined,
  collectionIds: string[],
  money: (m: bigint) => Money,
  publicUrl: string,
): void {
  const track = v ? v.trackQuantity : p.trackQuantity;
  const stock = v ? v.quantity : p.quantity;
  const inStock = v ? v.inStock : p.inStock;
  const { status, violation: short } = stockOf(l, p.name, { track, stock, inStock });
  if (short) out.violations.push(short);
  const fullPrice = v?.priceMinor ?? p.priceMinor;
  const { s, plan, subPrice } = subscriptionPrice(l, p.subscriptionOptions, fullPrice);
  const price = l.override?.priceMinor !== undefined ? BigInt(l.override.priceMinor) : subPrice;
  const weightRaw = l.override?.weight ?? v?.weightValue ?? p.weightValue ?? 0;
  const weight = (v?.weightUnit ?? p.weightUnit) === 'LB' ? weightRaw * LB_TO_KG : weightRaw;
  const media = l.override?.image ?? p.media[0];
  const shippable = p.productType === 'PHYSICAL';
  out.lineItems.push({
    id: l.id,
    quantity: l.quantity,
    catalogReference: ref,
    productName: l.override?.productName ?? p.name,
    itemType: p.productType as LineItem['itemType'],
    url: `${publicUrl}/products/${p.slug}`,
    ...(media ? { image: { url: media.url, ...(media.altText ? { altText: media.altText } : {}) } } : {}),
    descriptionLines: Object.entries(v?.choices ?? {}).map(([name, value]) => ({ name, value: String(value) })),
    price: money(price),
    fullPrice: money(fullPrice),
    ...(p.compareAtMinor !== null ? { compareAtPrice: money(p.compareAtMinor) } : {}),
    lineItemPrice: money(price * BigInt(l.quantity)),
    ...((v?.sku ?? p.sku) ? { sku: (v?.sku ?? p.sku)! } : {}),
    physicalProperties: { weight, shippable },
    availability: { status, ...(track ? { quantityAvailable: Math.max(stock ?? 0, 0) } : {}) },
    ...(s && plan
      ? {
          subscriptionOptionInfo: {
            subscriptionSettings: { ...s, ...(plan.billingCycles ? { billingCycles: plan.billingCycles } : {}) },
            ...(plan.discountPercent ? { discountPercent: plan.discountPercent } : {}),
          },
        }
      : {}),
    ...(l.serviceProperties ? { serviceProperties: l.serviceProperties } : {}),
    ...(l.override ? { catalogOverrideFields: { ...l.override } } : {}),
    ...(p.taxGroupId ? { taxGroupId: p.taxGroupId } : {}),
  });
  out.totalsLines.push({
    id: l.id,
    name: p.name,
    catalogItemId: p.id,
    ...(v ? { variantId: v.id } : {}),
    collectionIds,
    itemType: p.productType as TotalsLine['itemType'],
    quantity: l.quantity,
    unitPrice: price,
    unitWeight: weight,
    shippable,
    ...(p.taxGroupId ? { taxGroupId: p.taxGroupId } : {}),
  });
  if (p.depositMinor !== null) out.deposits.set(l.id, p.depositMinor);
  if (s && plan) {
    out.subscriptions.push({
      lineId: l.id,
      name: p.name,
      settings: s,
      ...(plan.billingCycles ? { billingCycles: plan.billingCycles } : {}),
      lineTotal: price * BigInt(l.quantity),
    });
  }
}
