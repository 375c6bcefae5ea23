import { Type } from 'typebox';
import type { App } from '../../http/types.js';
import { webhookPublicJwks } from './signing.js';

/** ES256 public keys (P-256), as RFC 7517 writes them. */
const Jwks = Type.Object({
  keys: Type.Array(
    Type.Object({
      kty: Type.String(),
      crv: Type.String(),
      x: Type.String(),
      y: Type.String(),
      kid: Type.String(),
      alg: Type.String(),
      use: Type.String(),
    }),
  ),
});

export function webhookKeyRoutes(app: App): void {
  app.get(
    '/webhooks/v1/public-keys',
    {
      schema: {
        tags: ['webhooks'],
        summary: 'Public keys of webhook and service plugin JWTs (JWKS)',
        description:
          'Verify the ES256 JWT body of a webhook (or a service plugin request) with the key named by its `kid`.',
        response: {
          200: Jwks,
        },
      },
      config: { access: 'public' },
    },
    async (req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return webhookPublicJwks(req.ctx);
    },
  );
}
