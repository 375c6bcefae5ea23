import { Type } from 'typebox';
import { ErrorBody, TokenRequest, TokenResponse } from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { violation } from '../../kernel/errors.js';
import { exchangeToken } from './tokens.service.js';

/** Standard form-encoded names (RFC 6749) → the platform's JSON names. */
const FORM_NAMES: Record<string, string> = {
  grant_type: 'grantType',
  client_id: 'clientId',
  refresh_token: 'refreshToken',
  code_verifier: 'codeVerifier',
  redirect_uri: 'redirectUri',
};

export function oauthRoutes(app: App): void {
  app.post(
    '/oauth2/token',
    {
      schema: {
        tags: ['oauth'],
        summary: 'Issue or renew tokens',
        description:
          'grantType `anonymous` issues visitor tokens; `refresh_token` rotates a refresh token (each works once; ' +
          'reusing one revokes its session). Accepts JSON or standard form-encoded parameters. A refresh sent with an ' +
          '`Idempotency-Key` header may be retried with the same key when its answer was lost: it gets the same new ' +
          'refresh token instead of counting as reuse.',
        headers: Type.Object({ 'idempotency-key': Type.Optional(Type.String()) }),
        body: TokenRequest,
        response: { 200: TokenResponse, 400: ErrorBody },
      },
      config: { access: 'public' },
      // Map form-encoded names before validation, so one schema serves both encodings.
      preValidation: async (req) => {
        if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) return;
        const body = req.body as Record<string, string>;
        req.body = Object.fromEntries(Object.entries(body).map(([k, v]) => [FORM_NAMES[k] ?? k, v])) as typeof req.body;
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      // The endpoint is public, but the authorized_client grant is for API keys: resolve the caller for it alone.
      if (req.body.grantType === 'authorized_client') {
        req.ctx.caller = await req.server.resolveCaller(req.headers.authorization, req.ctx.clock());
      }
      const idempotencyKey = req.headers['idempotency-key'];
      if (idempotencyKey !== undefined && !/^[\x21-\x7e]{16,200}$/.test(idempotencyKey)) {
        throw violation('Idempotency-Key', 'FORMAT', 'Idempotency-Key must be 16 to 200 visible characters');
      }
      return exchangeToken(req.ctx, req.body, { idempotencyKey });
    },
  );

  for (const url of ['/oauth2/jwks', '/.well-known/jwks.json']) {
    app.get(
      url,
      {
        schema: {
          tags: ['oauth'],
          summary: 'Public keys that verify access tokens (JWKS)',
          response: { 200: Type.Object({ keys: Type.Array(Type.Record(Type.String(), Type.Unknown())) }) },
        },
        config: { access: 'public' },
      },
      async (req, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return req.ctx.keys.jwks();
      },
    );
  }
}
