import { Type } from 'typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clearSessionCookie, readCookie, SESSION_COOKIE, setSessionCookie } from '../../http/cookies.js';
import type { App } from '../../http/types.js';
import { webBase } from '../../lib/urls.js';
import {
  attachSessionCookie,
  consumeSessionToken,
  endSession,
  SESSION_TTL_SECONDS,
  sessionFromCookie,
  type SignedIn,
} from '../identity/index.js';
import { createAuthorizationCode } from './authorization-codes.js';
import { checkAuthorizeRequest, type AuthorizeParams } from './authorize.service.js';
import { findOAuthClient, redirectUriMatches } from './clients.service.js';
import { sendAuthorizationResponse, sendErrorPage, sendHostedPage } from './respond.js';

const AuthorizeQuery = Type.Object(
  {
    client_id: Type.Optional(Type.String({ maxLength: 200 })),
    redirect_uri: Type.Optional(Type.String({ maxLength: 2048 })),
    response_type: Type.Optional(Type.String({ maxLength: 50 })),
    code_challenge: Type.Optional(Type.String({ maxLength: 200 })),
    code_challenge_method: Type.Optional(Type.String({ maxLength: 20 })),
    state: Type.Optional(Type.String({ maxLength: 500 })),
    scope: Type.Optional(Type.String({ maxLength: 200 })),
    prompt: Type.Optional(Type.String({ maxLength: 50 })),
    response_mode: Type.Optional(Type.String({ maxLength: 50 })),
    nonce: Type.Optional(Type.String({ maxLength: 200 })),
    sessionToken: Type.Optional(Type.String({ maxLength: 200 })),
  },
  // Unknown parameters are ignored, as RFC 6749 §3.1 requires of authorization servers.
  { additionalProperties: true },
);

/** Where the web app's hosted login page lives (the Vite origin in `npm run dev`). */
const hostedLoginUrl = (req: FastifyRequest) => `${webBase(req.ctx)}/auth/login`;

export function authorizeRoutes(app: App): void {
  app.get(
    '/oauth2/authorize',
    {
      schema: {
        tags: ['oauth'],
        summary: 'OAuth 2.0 authorization endpoint (code flow with PKCE S256)',
        description:
          'With a valid `sessionToken` or a live session cookie, redirects to `redirect_uri` with `code` and `state` ' +
          '(direct login). Otherwise shows the hosted login page; with `prompt=none`, answers `error=login_required` at once. ' +
          "`response_mode=web_message` posts the result to the client's registered origin.",
        querystring: AuthorizeQuery,
      },
      config: { access: 'public' },
    },
    async (req, reply) => authorize(req, reply, req.query),
  );

  app.get(
    '/identity/v1/logout',
    {
      schema: {
        tags: ['identity'],
        summary: "End the browser's sign-in session and return to a registered URL",
        querystring: Type.Object(
          {
            postLogoutRedirectUri: Type.Optional(Type.String({ maxLength: 2048 })),
            post_logout_redirect_uri: Type.Optional(Type.String({ maxLength: 2048 })),
            clientId: Type.Optional(Type.String({ maxLength: 200 })),
            client_id: Type.Optional(Type.String({ maxLength: 200 })),
            state: Type.Optional(Type.String({ maxLength: 500 })),
          },
          { additionalProperties: true },
        ),
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const q = req.query;
      const cookie = readCookie(req, SESSION_COOKIE);
      const session = cookie ? await sessionFromCookie(req.ctx, cookie) : undefined;
      if (session) await endSession(req.ctx, session.sessionId);
      clearSessionCookie(reply, req.ctx.config);
      const target = q.postLogoutRedirectUri ?? q.post_logout_redirect_uri;
      const clientId = q.clientId ?? q.client_id;
      const client = clientId ? await findOAuthClient(req.ctx, clientId) : undefined;
      // Only to a registered place: an open redirect here would send signed-out people anywhere.
      if (target && client && isRegisteredReturn(target, client)) {
        const url = new URL(target);
        if (q.state) url.searchParams.set('state', q.state);
        return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
      }
      if (target)
        return sendErrorPage(
          reply,
          400,
          'Signed out',
          'You are signed out. The return address is not registered for this application, so you stay here.',
        );
      return sendHostedPage(
        reply,
        () => '<!doctype html><meta charset="utf-8"><title>Signed out</title><p>You are signed out.</p>',
      );
    },
  );
}

/** A return URL is registered when it is one of the client's redirect URIs or on one of its allowed origins. */
export function isRegisteredReturn(
  target: string,
  client: { id: string; redirectUris: string[]; allowedOrigins: string[] },
): boolean {
  if (redirectUriMatches(client, target)) return true;
  try {
    const u = new URL(target);
    return (u.protocol === 'https:' || u.protocol === 'http:') && client.allowedOrigins.includes(u.origin);
  } catch {
    return false;
  }
}

async function authorize(req: FastifyRequest, reply: FastifyReply, p: AuthorizeParams): Promise<FastifyReply> {
  const ctx = req.ctx;
  const checked = await checkAuthorizeRequest(ctx, p);
  if (checked.kind === 'fatal') return sendErrorPage(reply, 400, checked.title, checked.detail);
  const respond = (params: Record<string, string>) =>
    sendAuthorizationResponse(reply, {
      mode: checked.mode,
      redirectUri: checked.redirectUri,
      params: { ...params, ...(p.state ? { state: p.state } : {}) },
      origins: checked.client.allowedOrigins,
    });
  if (checked.kind === 'error') return respond({ error: checked.error, error_description: checked.description });

  // A fresh login (sessionToken) always counts; the cookie's session does unless the client asks to log in again.
  let session: SignedIn | undefined;
  let fromToken = false;
  if (p.sessionToken) {
    session = await consumeSessionToken(ctx, p.sessionToken);
    if (!session)
      return respond({ error: 'login_required', error_description: 'sessionToken is invalid, used or expired' });
    fromToken = true;
  } else if (p.prompt !== 'login') {
    const cookie = readCookie(req, SESSION_COOKIE);
    session = cookie ? await sessionFromCookie(ctx, cookie) : undefined;
  }

  if (!session) {
    if (p.prompt === 'none') return respond({ error: 'login_required', error_description: 'No sign-in session' });
    // Hand the untouched request to the hosted login page; it logs in and comes back here with a sessionToken.
    const query = new URLSearchParams(
      Object.entries(p).filter(([k, v]) => k !== 'sessionToken' && typeof v === 'string') as [string, string][],
    );
    return reply.header('cache-control', 'no-store').redirect(`${hostedLoginUrl(req)}?${query}`, 302);
  }

  if (fromToken) {
    // The browser that finished the login keeps the session, so later silent logins (prompt=none) work.
    setSessionCookie(reply, ctx.config, await attachSessionCookie(ctx, session.sessionId), SESSION_TTL_SECONDS);
  }
  const code = createAuthorizationCode(ctx, {
    clientId: checked.client.id,
    redirectUri: checked.redirectUri,
    challenge: checked.challenge,
    identityId: session.identityId,
    sessionId: session.sessionId,
    scope: p.scope || 'offline_access',
    nonce: p.nonce,
    role: session.role,
  });
  return respond({ code });
}
