import { WebhookJwks } from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { webhookPublicJwks } from './signing.js';

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
          200: WebhookJwks,
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
