import { and, eq, gt, isNull } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { withTx, type Ctx } from '../../kernel/context.js';
import { sha256 } from '../../lib/hash.js';
import { randomToken } from '../../lib/ids.js';
import type { SsoLoginWithTokenParamsRequest } from '@plaza/contracts';
import { AppError, violation } from '../../kernel/errors.js';
import {
  canSignIn,
  checkAuthorizeRequest,
  redirectUriMatches,
  requireOAuthClient,
  type AuthorizeParams,
} from '../oauth/index.js';
import { identityIdByEmail, startSession } from '../identity/index.js';
import { discover, discoveryProblem, ssoGuard } from './check.js';
import { getEnabledConnection, recordCheck, SSO_TENANT_ID, ssoCallbackUrl } from './connections.service.js';
import { createSsoIdentity } from './identities.js';
import { ssoFlows, ssoLinks, type idpConnections } from './tables.js';

/** An SSO round trip must finish within 10 minutes. */
const FLOW_TTL_MS = 10 * 60 * 1000;

type Connection = typeof idpConnections.$inferSelect;

/**
 * Discovery results per connection version and guard, so each login doesn't fetch the provider's metadata again;
 * the client keeps the guard for its later calls (JWKS, token, UserInfo), so a changed own-network setting makes a
 * new one.
 */
const configs = new Map<string, Promise<oidc.Configuration>>();

async function providerConfig(ctx: Ctx, c: Connection): Promise<oidc.Configuration> {
  const guard = await ssoGuard(ctx);
  const key = `${c.id}:${c.updatedDate.getTime()}:${guard.allowPrivate}`;
  let config = configs.get(key);
  if (!config) {
    config = discover(c, guard);
    config.catch(() => configs.delete(key));
    configs.set(key, config);
  }
  return config;
}

const notAvailable = () => new AppError('NOT_FOUND', 'This sign-in option is not available any more');

const providerError = (detail: string) =>
  new AppError('VALIDATION', `Single sign-on failed: ${detail}`, { applicationCode: 'SSO_FAILED' });

/**
 * Starts "Continue with <provider>": checks the OAuth request the visitor wants to continue, remembers it with a
 * PKCE verifier, state and nonce, and returns the provider's authorization URL.
 */
export async function startSsoLogin(ctx: Ctx, connectionId: string, resume: AuthorizeParams): Promise<string> {
  const connection = await getEnabledConnection(ctx, connectionId);
  if (!connection) throw notAvailable();
  const checked = await checkAuthorizeRequest(ctx, resume);
  if (checked.kind !== 'ok') {
    throw new AppError(
      'VALIDATION',
      `The authorization request to continue is invalid: ${checked.kind === 'fatal' ? checked.detail : checked.description}`,
      {
        applicationCode: 'invalid_request',
      },
    );
  }
  let config;
  try {
    config = await providerConfig(ctx, connection);
  } catch (e) {
    ctx.log.warn({ err: e, issuer: connection.issuer }, 'SSO discovery failed');
    // Take the button off the login pages until a check passes again (the owner sees why in the dashboard).
    await recordCheck(ctx, connection.id, discoveryProblem(e));
    throw providerError(
      `${connection.displayName} could not be reached right now. Please try again later, or sign in another way`,
    );
  }
  const state = randomToken(32);
  const nonce = randomToken(16);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const { sessionToken: _drop, ...request } = resume;
  await ctx.db.insert(ssoFlows).values({
    stateHash: sha256(state),
    connectionId: connection.id,
    codeVerifier,
    nonce,
    resume: request as Record<string, unknown>,
    expiresDate: new Date(ctx.clock().getTime() + FLOW_TTL_MS),
  });
  return oidc
    .buildAuthorizationUrl(config, {
      redirect_uri: ssoCallbackUrl(ctx),
      scope: connection.scopes,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    .toString();
}

/**
 * POST /identity/v1/sso/login-with-token-params: the same start as the GET login URL, for a login page of one's own
 * that asks in JSON. The token params are checked field by field (the GET, opened by a browser, answers a page), and
 * the answer is the provider's authorization URL to send the browser to.
 */
export async function startSsoLoginWithTokenParams(
  ctx: Ctx,
  { tenantId, idpConnectionId, tokenParams: p }: SsoLoginWithTokenParamsRequest,
): Promise<string> {
  if (tenantId !== undefined && tenantId !== SSO_TENANT_ID) throw notAvailable();
  const client = await requireOAuthClient(ctx, p.clientId).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'INVALID_CLIENT')
      throw violation('tokenParams.clientId', 'VALIDATION', 'clientId does not name a registered OAuth client');
    throw e;
  });
  // An SSO login comes back through the browser's redirects, so it always needs its redirect URI.
  if (!p.redirectUri) throw violation('tokenParams.redirectUri', 'REQUIRED_FIELD', 'redirectUri is required');
  if (!redirectUriMatches(client, p.redirectUri))
    throw violation(
      'tokenParams.redirectUri',
      'FORMAT',
      'redirectUri must exactly match one registered for this client',
    );
  return startSsoLogin(ctx, idpConnectionId, {
    client_id: p.clientId,
    redirect_uri: p.redirectUri,
    response_type: p.responseType,
    ...(p.responseMode ? { response_mode: p.responseMode } : {}),
    ...(p.scope ? { scope: p.scope } : {}),
    state: p.state,
    ...(p.nonce ? { nonce: p.nonce } : {}),
    code_challenge: p.codeChallenge,
    code_challenge_method: p.codeChallengeMethod,
  });
}

/**
 * Finishes the round trip at /identity/v1/callback: validates state and ID token, signs the person in as the
 * identity linked to (connection, sub) — creating or linking one on first use — and returns where the visitor's
 * OAuth flow continues (the authorize endpoint with a fresh sessionToken).
 */
export async function completeSsoLogin(ctx: Ctx, callbackUrl: URL): Promise<string> {
  const state = callbackUrl.searchParams.get('state');
  if (!state) throw providerError('the answer from the provider was incomplete; please start again');
  const flow = await withTx(ctx, async (tx) => {
    const [row] = await tx.db
      .update(ssoFlows)
      .set({ usedDate: tx.clock() })
      .where(
        and(eq(ssoFlows.stateHash, sha256(state)), isNull(ssoFlows.usedDate), gt(ssoFlows.expiresDate, tx.clock())),
      )
      .returning();
    return row;
  });
  if (!flow) throw providerError('this sign-in attempt expired or was already used; please start again');
  const connection = await getEnabledConnection(ctx, flow.connectionId);
  if (!connection) throw providerError('the connection is no longer enabled');

  let claims: (oidc.IDToken & Partial<oidc.UserInfoResponse>) | undefined;
  try {
    const config = await providerConfig(ctx, connection);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.codeVerifier,
      expectedState: state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
    // Many providers put e-mail and name only in UserInfo, not in the ID token (OIDC Core §5.4).
    if (claims && !claims.email && config.serverMetadata().userinfo_endpoint) {
      claims = { ...(await oidc.fetchUserInfo(config, tokens.access_token, claims.sub)), ...claims };
    }
  } catch (e) {
    ctx.log.warn({ err: e, issuer: connection.issuer }, 'SSO code exchange failed');
    throw providerError(
      callbackUrl.searchParams.get('error_description') ??
        callbackUrl.searchParams.get('error') ??
        'the provider did not confirm the sign-in',
    );
  }
  if (!claims?.sub) throw providerError('the provider sent no subject');

  const identityId = await withTx(ctx, async (tx) => {
    const [link] = await tx.db
      .select({ identityId: ssoLinks.identityId })
      .from(ssoLinks)
      .where(and(eq(ssoLinks.connectionId, connection.id), eq(ssoLinks.sub, claims.sub)))
      .limit(1);
    if (link) return link.identityId;
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : undefined;
    if (!email) throw providerError('the provider shared no e-mail address');
    // Link to an existing identity only on an e-mail the provider vouches for; otherwise anyone could claim it.
    const existingId = await identityIdByEmail(tx, email);
    if (existingId && claims.email_verified !== true)
      throw providerError('this e-mail already has an account; sign in with its password first');
    const id =
      existingId ??
      (await createSsoIdentity(tx, {
        email,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : undefined,
      }));
    await tx.db.insert(ssoLinks).values({ connectionId: connection.id, sub: claims.sub, identityId: id });
    return id;
  });

  if (!(await canSignIn(ctx, identityId))) {
    throw new AppError(
      'FORBIDDEN',
      "Signed in with the provider, but this account can't sign in yet: it may be waiting for the owner's approval",
      {
        applicationCode: 'SIGN_IN_NOT_ALLOWED',
      },
    );
  }
  const { sessionToken } = await startSession(ctx, { identityId, amr: ['sso'] });
  const params = new URLSearchParams(flow.resume as Record<string, string>);
  params.set('sessionToken', sessionToken);
  return `${ctx.config.publicUrl}/oauth2/authorize?${params}`;
}
