import { eq } from 'drizzle-orm';
import { Type } from 'typebox';
import { AppError } from '../../kernel/errors.js';
import type { App } from '../../http/types.js';
import { sha256 } from '../../lib/hash.js';
import { endSession, identityEmail } from '../identity/index.js';
import { refreshTokens } from './tables.js';

export function discoveryRoutes(app: App): void {
  registerDiscoveryDocumentRoute(app);
  registerUserInfoAndRevokeRoutes(app);
}

/** The OpenID Connect discovery document. */
function registerDiscoveryDocumentRoute(app: App): void {
  app.get(
    '/.well-known/openid-configuration',
    {
      schema: { tags: ['oauth'], summary: 'OpenID Connect discovery document' },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const base = req.ctx.config.publicUrl;
      reply.header('cache-control', 'public, max-age=300');
      return {
        issuer: base,
        authorization_endpoint: `${base}/oauth2/authorize`,
        token_endpoint: `${base}/oauth2/token`,
        userinfo_endpoint: `${base}/oauth2/userinfo`,
        jwks_uri: `${base}/.well-known/jwks.json`,
        revocation_endpoint: `${base}/oauth2/revoke`,
        end_session_endpoint: `${base}/identity/v1/logout`,
        response_types_supported: ['code'],
        response_modes_supported: ['query', 'fragment', 'web_message'],
        grant_types_supported: ['authorization_code', 'refresh_token', 'anonymous', 'authorized_client'],
        code_challenge_methods_supported: ['S256'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['ES256'],
        token_endpoint_auth_methods_supported: ['none'],
        scopes_supported: ['openid', 'offline_access', 'email', 'profile'],
        claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nonce', 'sid', 'email', 'email_verified'],
        prompt_values_supported: ['none', 'login', 'consent', 'select_account'],
      };
    },
  );
}

/** What a member token says about its member, and revoking tokens. */
function registerUserInfoAndRevokeRoutes(app: App): void {
  app.get(
    '/oauth2/userinfo',
    {
      schema: {
        tags: ['oauth'],
        summary: 'OpenID Connect UserInfo of the member token',
        response: { 200: Type.Object({ sub: Type.String(), email: Type.String(), email_verified: Type.Boolean() }) },
      },
      config: { access: { member: true } },
    },
    async (req) => {
      const caller = req.ctx.caller;
      if (caller.type !== 'MEMBER') throw new AppError('FORBIDDEN', 'Member token required');
      const who = await identityEmail(req.ctx, caller.memberId);
      if (!who) throw new AppError('UNAUTHENTICATED', 'The member no longer exists');
      return { sub: caller.memberId, email: who.email, email_verified: who.verified };
    },
  );

  app.post(
    '/oauth2/revoke',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Revoke a refresh token (RFC 7009); a member token ends its whole sign-in session',
        body: Type.Object(
          {
            token: Type.String({ minLength: 1, maxLength: 512 }),
            token_type_hint: Type.Optional(Type.String({ maxLength: 50 })),
            client_id: Type.Optional(Type.String({ maxLength: 200 })),
            clientId: Type.Optional(Type.String({ maxLength: 200 })),
          },
          { additionalProperties: false },
        ),
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      const [row] = await req.ctx.db
        .select({ id: refreshTokens.id, familyId: refreshTokens.familyId, sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(req.body.token)))
        .limit(1);
      if (row?.sessionId) await endSession(req.ctx, row.sessionId);
      else if (row) {
        await req.ctx.db
          .update(refreshTokens)
          .set({ revokedDate: req.ctx.clock() })
          .where(eq(refreshTokens.familyId, row.familyId));
      }
      // RFC 7009 §2.2: an unknown token is not an error.
      return reply.status(200).send({});
    },
  );
}
