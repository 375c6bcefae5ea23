import type { Ctx } from '../../kernel/context.js';
import { identityStanding } from '../identity/index.js';
import { findOAuthClient, redirectUriMatches } from './clients.service.js';
import type { ResponseMode } from './respond.js';
import type { OAuthClient } from '@plaza/contracts';

export interface AuthorizeParams {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  code_challenge?: string;
  code_challenge_method?: string;
  state?: string;
  scope?: string;
  prompt?: string;
  response_mode?: string;
  nonce?: string;
  sessionToken?: string;
}

export type CheckedAuthorizeRequest =
  /** Not safe to redirect anywhere: the client or its redirect URI is unknown. */
  | { kind: 'fatal'; title: string; detail: string }
  /** Safe to tell the client: redirect with `error`. */
  | { kind: 'error'; client: OAuthClient; mode: ResponseMode; redirectUri: string; error: string; description: string }
  | { kind: 'ok'; client: OAuthClient; mode: ResponseMode; redirectUri: string; challenge: string };

const MODES: ResponseMode[] = ['query', 'fragment', 'web_message'];

/** Checks an authorize request in the order RFC 6749 §4.1.2.1 asks: client and redirect URI first. */
export async function checkAuthorizeRequest(ctx: Ctx, p: AuthorizeParams): Promise<CheckedAuthorizeRequest> {
  const client = p.client_id ? await findOAuthClient(ctx, p.client_id.slice(0, 100)) : undefined;
  if (!client)
    return {
      kind: 'fatal',
      title: 'Unknown application',
      detail: 'client_id does not name a registered OAuth client.',
    };
  const unregistered = checkRedirectUri(client, p);
  if (unregistered) return unregistered;
  const redirectUri = p.redirect_uri ?? '';
  const mode = (MODES as string[]).includes(p.response_mode ?? '') ? (p.response_mode as ResponseMode) : 'query';
  // A loopback redirect of the web app's client (see redirectUriMatches) also names the origin that may frame the
  // silent sign-in and receive its web message.
  const withOrigin =
    !redirectUri || client.redirectUris.includes(redirectUri)
      ? client
      : { ...client, allowedOrigins: [...client.allowedOrigins, new URL(redirectUri).origin] };
  const base = { client: withOrigin, mode, redirectUri };
  const fail = (error: string, description: string) => ({ kind: 'error' as const, ...base, error, description });
  if (p.response_mode && !(MODES as string[]).includes(p.response_mode))
    return fail('invalid_request', 'response_mode must be query, fragment or web_message');
  if (p.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code');
  if (!p.state) return fail('invalid_request', 'state is required');
  if (!p.code_challenge) return fail('invalid_request', 'code_challenge is required (PKCE)');
  if (p.code_challenge_method !== 'S256')
    return fail('invalid_request', 'code_challenge_method must be S256; plain is not accepted');
  if (!/^[A-Za-z0-9_-]{43,128}$/.test(p.code_challenge))
    return fail('invalid_request', 'code_challenge must be a base64url SHA-256 digest');
  if (p.prompt && !['login', 'none', 'consent', 'select_account'].includes(p.prompt))
    return fail('invalid_request', 'prompt is not supported');
  return { kind: 'ok', ...base, challenge: p.code_challenge };
}

/**
 * What is wrong with an authorization request's redirect URI, if anything. It must be one of the client's; only a
 * `web_message` request may leave it out (the platform SDK's direct login): its answer then goes to the client's
 * allowed origins, so the client needs one. Shared by the authorize endpoint and auth redirect sessions.
 */
export function redirectUriProblem(
  client: Pick<OAuthClient, 'id' | 'redirectUris' | 'allowedOrigins'>,
  redirectUri: string | undefined,
  responseMode: string | undefined,
): 'missing' | 'no-origin' | 'unregistered' | undefined {
  if (!redirectUri) {
    if (responseMode !== 'web_message') return 'missing';
    return client.allowedOrigins.length ? undefined : 'no-origin';
  }
  return redirectUriMatches(client, redirectUri) ? undefined : 'unregistered';
}

function checkRedirectUri(client: OAuthClient, p: AuthorizeParams): CheckedAuthorizeRequest | undefined {
  const problem = redirectUriProblem(client, p.redirect_uri, p.response_mode);
  if (!problem) return undefined;
  if (problem === 'no-origin') {
    return {
      kind: 'fatal',
      title: 'No allowed origin',
      detail: 'Without redirect_uri, the answer goes to the allowed origins of the client, and it has none.',
    };
  }
  return {
    kind: 'fatal',
    title: 'Unregistered redirect URI',
    detail: 'redirect_uri must exactly match one registered for this client.',
  };
}

/** Whether the identity may receive tokens now: active, and its member neither blocked nor offline. */
export async function canSignIn(ctx: Ctx, identityId: string): Promise<boolean> {
  const row = await identityStanding(ctx, identityId);
  return !!row && row.status === 'ACTIVE' && row.memberStatus !== 'BLOCKED' && row.memberStatus !== 'OFFLINE';
}
