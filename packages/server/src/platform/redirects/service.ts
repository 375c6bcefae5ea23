import type { CreateRedirectSessionRequest, RedirectSession } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { emitEvent } from '../events/index.js';
import { AppError, violation } from '../../kernel/errors.js';
import { uuidv7 } from '../../lib/ids.js';
import { webBase } from '../../lib/urls.js';
import { getProduct } from '../../store/catalog/index.js';
import { loadCheckout } from '../../store/checkout/index.js';
import { buyablePlanSlug } from '../../store/plans/index.js';
import { insertRedirectSession, isRegisteredReturn, redirectUriProblem, requireOAuthClient } from '../oauth/index.js';

/** Redirect sessions are stored for a day: long enough to finish any flow, short enough to not pile up. */
const REDIRECT_SESSION_TTL_MS = 24 * 60 * 60 * 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const UNSUPPORTED = ['bookingsCheckout', 'eventsCheckout', 'bookingsBook', 'preferences'] as const;
const SUPPORTED = ['auth', 'login', 'logout', 'ecomCheckout', 'storesProduct', 'paidPlansCheckout'] as const;

type CallbackKey = 'postFlowUrl' | 'thankYouPageUrl' | 'cartPageUrl';

/**
 * The way back from a hosted page (checkout, login): each URL must be on this site, or (for a visitor's or member's
 * token) a registered redirect URI or allowed origin of the OAuth client the token was issued to, like logout's.
 */
async function checkedCallbacks(
  ctx: Ctx,
  callbacks: NonNullable<CreateRedirectSessionRequest['callbacks']>,
  keys: CallbackKey[] = ['postFlowUrl', 'thankYouPageUrl', 'cartPageUrl'],
): Promise<Record<string, string>> {
  const site = [new URL(ctx.config.publicUrl).origin, new URL(webBase(ctx)).origin];
  const clientId = ctx.caller.type === 'MEMBER' || ctx.caller.type === 'ANONYMOUS_VISITOR' ? ctx.caller.clientId : null;
  const client = clientId ? await requireOAuthClient(ctx, clientId) : null;
  const out: Record<string, string> = {};
  for (const key of keys) {
    const url = callbacks[key];
    if (!url) continue;
    if (!site.includes(new URL(url).origin) && !(client && isRegisteredReturn(url, client))) {
      throw violation(
        `callbacks.${key}`,
        'FORMAT',
        `${key} must be on this site or a registered redirect URI or allowed origin of the OAuth client`,
      );
    }
    out[key] = url;
  }
  return out;
}

function toSession(id: string, fullUrl: string, sessionToken = ''): RedirectSession {
  const url = new URL(fullUrl);
  return {
    id,
    fullUrl,
    urlDetails: { endpoint: `${url.origin}${url.pathname}`, searchParams: Object.fromEntries(url.searchParams) },
    sessionToken,
  };
}

/**
 * Creates a redirect session: a URL on this server that continues an auth, login or logout flow, opens the hosted
 * checkout of a checkout (`ecomCheckout`, with the `callbacks` back) or a product page (`storesProduct`).
 * Exactly one target per request; the targets of later releases answer 400 "unsupported redirect target".
 */
export async function createRedirectSession(ctx: Ctx, req: CreateRedirectSessionRequest): Promise<RedirectSession> {
  assertOneTarget(req);
  const id = uuidv7();
  const base = ctx.config.publicUrl;
  const web = webBase(ctx);
  const store = async (kind: string, clientId: string | null, data: Record<string, unknown>) =>
    withTx(ctx, async (tx) => {
      const expiresDate = new Date(tx.clock().getTime() + REDIRECT_SESSION_TTL_MS);
      await insertRedirectSession(tx, { id, kind, clientId, data, expiresDate });
      const entity = { id, kind, clientId };
      await emitEvent(tx, { type: 'redirects.redirect_session.created', entityId: id, entity });
    });
  const s: SessionTarget = { id, base, web, store };
  if (req.auth) return authSession(ctx, req.auth, s);
  if (req.ecomCheckout) return checkoutSession(ctx, req, req.ecomCheckout.checkoutId, s);
  if (req.storesProduct) return productSession(ctx, req.storesProduct, s);
  if (req.paidPlansCheckout) return planSession(ctx, req.paidPlansCheckout, s);
  if (req.logout) return logoutSession(ctx, req, req.logout.clientId, s);
  return loginSession(ctx, req, s);
}

/** What every target's session shares: its id, the server's and the web app's origins, and how to store it. */
interface SessionTarget {
  id: string;
  base: string;
  web: string;
  store: (kind: string, clientId: string | null, data: Record<string, unknown>) => Promise<void>;
}

/** Exactly one target, and none of the later releases' (400 naming them). */
function assertOneTarget(req: CreateRedirectSessionRequest): void {
  const unsupported = UNSUPPORTED.filter((t) => req[t] !== undefined);
  if (unsupported.length) {
    throw new AppError('VALIDATION', `unsupported redirect target: ${unsupported.join(', ')}`, {
      violations: unsupported.map((t) => ({
        field: t,
        violatedRule: 'FIELD_NOT_ALLOWED' as const,
        description: `unsupported redirect target: ${t}`,
      })),
    });
  }
  const targets = SUPPORTED.filter((t) => req[t] !== undefined);
  if (targets.length !== 1) {
    throw new AppError('VALIDATION', `Give exactly one redirect target: ${SUPPORTED.join(', ')}`, {
      violations: [
        {
          field: 'auth',
          violatedRule: 'REQUIRED_ONE_OF_FIELD',
          description: `exactly one of ${SUPPORTED.join(', ')} is required`,
        },
      ],
    });
  }
}

/** Continues an OAuth authorization request (the redirect URI must be the client's). */
async function authSession(
  ctx: Ctx,
  auth: NonNullable<CreateRedirectSessionRequest['auth']>,
  { id, base, store }: SessionTarget,
): Promise<RedirectSession> {
  const a = auth.authRequest;
  const client = await requireOAuthClient(ctx, a.clientId);
  checkAuthRedirect(client, a);
  const params = new URLSearchParams({
    client_id: a.clientId,
    ...(a.redirectUri ? { redirect_uri: a.redirectUri } : {}),
    response_type: a.responseType,
    code_challenge: a.codeChallenge,
    code_challenge_method: a.codeChallengeMethod,
    state: a.state,
    scope: a.scope ?? 'offline_access',
    response_mode: a.responseMode ?? 'fragment',
    ...(auth.prompt ? { prompt: auth.prompt } : {}),
    ...(a.nonce ? { nonce: a.nonce } : {}),
    ...(a.sessionToken ? { sessionToken: a.sessionToken } : {}),
  });
  await store('AUTH', a.clientId, { prompt: auth.prompt ?? null });
  return toSession(id, `${base}/oauth2/authorize?${params}`, a.sessionToken ?? '');
}

/** The redirect URI must be the client's, or absent for a web_message request (see redirectUriProblem). */
function checkAuthRedirect(
  client: Awaited<ReturnType<typeof requireOAuthClient>>,
  a: NonNullable<CreateRedirectSessionRequest['auth']>['authRequest'],
): void {
  const field = 'auth.authRequest.redirectUri';
  const problem = redirectUriProblem(client, a.redirectUri, a.responseMode);
  if (problem === 'missing') {
    throw violation(field, 'REQUIRED_FIELD', 'redirectUri is required unless responseMode is web_message');
  }
  if (problem === 'no-origin') {
    throw violation(field, 'REQUIRED_FIELD', 'redirectUri is required: the client has no allowed origin to post to');
  }
  if (problem === 'unregistered') {
    throw violation(field, 'FORMAT', 'redirectUri must exactly match one registered for this client');
  }
}

/** Opens the hosted checkout, with the `callbacks` back. */
async function checkoutSession(
  ctx: Ctx,
  req: CreateRedirectSessionRequest,
  checkoutId: string,
  { id, web, store }: SessionTarget,
): Promise<RedirectSession> {
  // Only a checkout the caller may reach (their own, or any for `ecom` keys): anyone else's is a 404.
  const checkout = await loadCheckout(ctx, checkoutId);
  const callbacks = await checkedCallbacks(ctx, req.callbacks ?? {});
  await store('ECOM_CHECKOUT', null, { checkoutId: checkout.id, ...callbacks });
  const params = new URLSearchParams(callbacks);
  return toSession(id, `${web}/checkout/${checkout.id}${params.size ? `?${params}` : ''}`);
}

/** Opens a product's page, by slug or id. */
async function productSession(
  ctx: Ctx,
  target: NonNullable<CreateRedirectSessionRequest['storesProduct']>,
  { id, web, store }: SessionTarget,
): Promise<RedirectSession> {
  const { productSlug, productId } = target;
  if ((productSlug === undefined) === (productId === undefined)) {
    throw violation('storesProduct.productSlug', 'REQUIRED_ONE_OF_FIELD', 'give exactly one of productSlug, productId');
  }
  const product = await getProduct(ctx, productId ? { id: productId } : { slug: productSlug! });
  await store('STORES_PRODUCT', null, { productId: product.id });
  return toSession(id, `${web}/products/${product.slug}`);
}

/** Opens a plan's page on the storefront, where "Buy" puts it in a checkout (`{ planId }`). */
async function planSession(
  ctx: Ctx,
  target: NonNullable<CreateRedirectSessionRequest['paidPlansCheckout']>,
  { id, web, store }: SessionTarget,
): Promise<RedirectSession> {
  const planId = target.planId;
  if (typeof planId !== 'string' || !UUID.test(planId)) {
    throw violation('paidPlansCheckout.planId', 'FORMAT', 'give the id (a UUID) of the plan to buy');
  }
  const slug = await buyablePlanSlug(ctx, planId, 'paidPlansCheckout.planId');
  await store('PAID_PLANS_CHECKOUT', null, { planId });
  return toSession(id, `${web}/plans/${encodeURIComponent(slug)}`);
}

/** Ends the browser's sign-in session, returning to a URL of the client's. */
async function logoutSession(
  ctx: Ctx,
  req: CreateRedirectSessionRequest,
  clientId: string,
  { id, base, store }: SessionTarget,
): Promise<RedirectSession> {
  const client = await requireOAuthClient(ctx, clientId);
  const postFlowUrl = req.callbacks?.postFlowUrl;
  if (postFlowUrl && !isRegisteredReturn(postFlowUrl, client)) {
    throw violation(
      'callbacks.postFlowUrl',
      'FORMAT',
      'postFlowUrl must be a registered redirect URI or on an allowed origin of the client',
    );
  }
  await store('LOGOUT', client.id, { postFlowUrl: postFlowUrl ?? null });
  const params = new URLSearchParams({
    clientId: client.id,
    ...(postFlowUrl ? { postLogoutRedirectUri: postFlowUrl } : {}),
  });
  return toSession(id, `${base}/identity/v1/logout?${params}`);
}

/**
 * The hosted login page, returning to postFlowUrl: a page of this site, or of the caller's OAuth client. The page
 * goes back to another origin only through this session (`…/redirect-session/{id}/continue`), never to a URL its
 * query names, so the login page is no open redirect.
 */
async function loginSession(
  ctx: Ctx,
  req: CreateRedirectSessionRequest,
  { id, web, store }: SessionTarget,
): Promise<RedirectSession> {
  const { postFlowUrl } = await checkedCallbacks(ctx, req.callbacks ?? {}, ['postFlowUrl']);
  await store('LOGIN', null, { postFlowUrl: postFlowUrl ?? null });
  const offSite = postFlowUrl && new URL(postFlowUrl).origin !== new URL(web).origin;
  const params = new URLSearchParams({
    ...(postFlowUrl && { postFlowUrl }),
    ...(offSite && { redirectSessionId: id }),
  });
  return toSession(id, `${web}/auth/login${params.size ? `?${params}` : ''}`);
}
