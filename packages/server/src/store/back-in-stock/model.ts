import {
  PLAZA_CATALOG_APP_ID,
  canonicalCatalogAppId,
  type BackInStockNotificationRequest,
  type BackInStockStatus,
  type CatalogReference,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { hasScope, type Caller } from '../../kernel/caller.js';
import { violation } from '../../kernel/errors.js';
import { UUID_PATTERN } from '../../lib/filter.js';
import type { BackInStockRow } from './tables.js';

/** The item a catalog reference names in Plaza's catalog ('' variant: the product itself). */
export interface ItemKey {
  productId: string;
  variantId: string;
}

/** Owners and `ecom` API keys see and manage every request; everyone else only their own. */
export const isStoreAdmin = (ctx: Ctx): boolean =>
  (ctx.caller.type === 'MEMBER' && ctx.caller.role === 'OWNER') || hasScope(ctx.caller, 'ecom');

/** Who a request belongs to: the visitor, member or API key that created it. */
export function requesterOf(c: Caller): string {
  switch (c.type) {
    case 'ANONYMOUS_VISITOR':
      return `visitor:${c.visitorId}`;
    case 'MEMBER':
      return `member:${c.memberId}`;
    case 'APP':
      return `app:${c.apiKeyId}`;
    case 'NONE':
      return 'system';
  }
}

export const canSee = (ctx: Ctx, row: BackInStockRow): boolean =>
  isStoreAdmin(ctx) || row.requester === requesterOf(ctx.caller);

/**
 * Checks a catalog reference of Plaza's catalog and returns the item it names: `appId` must be Plaza's catalog,
 * `catalogItemId` a product id and `options` at most `{ variantId }`. `field` prefixes the violations.
 */
export function itemKeyOf(ref: CatalogReference, field: string): ItemKey {
  if (canonicalCatalogAppId(ref.appId) !== PLAZA_CATALOG_APP_ID) {
    throw violation(`${field}.appId`, 'VALIDATION', `only Plaza's catalog ("${PLAZA_CATALOG_APP_ID}") has items`);
  }
  if (!UUID_PATTERN.test(ref.catalogItemId)) {
    throw violation(`${field}.catalogItemId`, 'FORMAT', 'must be a product id (UUID)');
  }
  const options = ref.options ?? {};
  const extra = Object.keys(options).find((k) => k !== 'variantId');
  if (extra) throw violation(`${field}.options.${extra}`, 'FIELD_NOT_ALLOWED', 'the only option is variantId');
  const variantId = options.variantId;
  if (variantId !== undefined && (typeof variantId !== 'string' || !UUID_PATTERN.test(variantId))) {
    throw violation(`${field}.options.variantId`, 'FORMAT', 'must be a variant id (UUID)');
  }
  return { productId: ref.catalogItemId.toLowerCase(), variantId: (variantId ?? '').toLowerCase() };
}

/**
 * The shop path an item URL names: its path, query and fragment, whatever host it had. A request's URL goes into a
 * mail the shop sends to any address a visitor types, so it may only ever link to the shop itself; platform code
 * sends its old site's absolute URLs, whose paths are the shop's (the hosted pages keep them).
 */
export function sitePathOf(itemUrl: string): string {
  const u = new URL(itemUrl, 'https://shop.invalid');
  // Leading slashes collapse to one, or `//host/…` would name another host again.
  return `${u.pathname.replace(/^\/+/, '/')}${u.search}${u.hash}`;
}

export const referenceOf = (k: ItemKey): CatalogReference => ({
  appId: PLAZA_CATALOG_APP_ID,
  catalogItemId: k.productId,
  ...(k.variantId ? { options: { variantId: k.variantId } } : {}),
});

export function toRequest(r: BackInStockRow): BackInStockNotificationRequest {
  return {
    id: r.id,
    email: r.email,
    catalogReference: referenceOf(r),
    itemDetails: r.itemDetails,
    ...(r.itemUrl ? { itemUrl: r.itemUrl } : {}),
    status: r.status as BackInStockStatus,
    ...(r.autoNotified !== null ? { autoNotified: r.autoNotified } : {}),
    ...(r.failureMessage ? { failureMessage: r.failureMessage } : {}),
    createdDate: r.createdDate.toISOString(),
    updatedDate: r.updatedDate.toISOString(),
  };
}
