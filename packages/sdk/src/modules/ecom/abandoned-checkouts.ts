import type {
  AbandonedCheckoutResponse,
  ListAbandonedCheckoutsQuery,
  ListAbandonedCheckoutsResponse,
  RecoverCheckoutResponse,
} from '@plaza/contracts';
import { getMethod, queryMethod } from '../../core/crud.js';
import { defineMethod, seg } from '../../core/method.js';

export type {
  AbandonedCheckout,
  AbandonedCheckoutActivity,
  AbandonedCheckoutResponse,
  ListAbandonedCheckoutsQuery,
  ListAbandonedCheckoutsResponse,
} from '@plaza/contracts';

/*
 * Abandoned checkouts, for the dashboard and back-office scripts (owner or `ecom` API key): checkouts left with the
 * buyer's e-mail and no order, their reminder e-mails and whether an order recovered them.
 */

const PATH = '/ecom/v1/abandoned-checkouts';

/**
 * Newest first; `status` and part of the buyer's `email` narrow it; `metadata.totals` counts every match and its
 * value by status; pass `metadata.cursor` back for the next page.
 *
 * @example
 * const { abandonedCheckouts, metadata } = await admin.abandonedCheckouts.listAbandonedCheckouts({ status: 'ABANDONED' });
 * console.log(metadata.totals.abandonedValue.formattedAmount);
 */
export const listAbandonedCheckouts = queryMethod<ListAbandonedCheckoutsQuery, ListAbandonedCheckoutsResponse>(PATH);

/** @example const { abandonedCheckout } = await admin.abandonedCheckouts.getAbandonedCheckout(id); */
export const getAbandonedCheckout = getMethod<AbandonedCheckoutResponse>(PATH, 'abandonedCheckout');

/**
 * The reminder e-mail's link opens the hosted checkout with `?recover=<token>`: this hands a visitor's checkout to
 * the caller (the buyer on another device), who can then read and finish it. A member's checkout answers 403
 * SIGN_IN_TO_RECOVER until that member signs in.
 *
 * @example await client.abandonedCheckouts.recoverCheckout(checkoutId, new URL(location.href).searchParams.get('recover'));
 */
export const recoverCheckout = defineMethod<[checkoutId: string, token: string], RecoverCheckoutResponse>({
  argumentNames: ['checkoutId', 'token'],
  request: (id, token) => ({ method: 'POST', path: `/ecom/v1/checkouts/${seg(id)}/recover`, body: { token } }),
});

/**
 * The module for `createClient({ modules })`.
 *
 * @example const admin = createClient({ baseUrl, auth: ApiKeyStrategy({ apiKey }), modules: { abandonedCheckouts } });
 */
export const abandonedCheckouts = { listAbandonedCheckouts, getAbandonedCheckout, recoverCheckout };
