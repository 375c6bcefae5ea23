/**
 * A tiny app server for Plaza: it receives webhooks and answers a SHIPPING_RATES service plugin, using only
 * `@plaza/sdk/events` and node:http. Every request Plaza sends is a JWT; the SDK verifies it with Plaza's public keys.
 */
import { createServer, type IncomingMessage } from 'node:http';
import { createServicePlugins, createWebhooks, ServicePluginError, type WebhookEvent } from '@plaza/sdk/events';

export function createApp(opts: {
  plazaUrl: string;
  onEvent?: (event: WebhookEvent<'members.member.created'>) => void;
}) {
  const keys = { fetchKeys: `${opts.plazaUrl}/webhooks/v1/public-keys`, issuer: opts.plazaUrl };
  const seen = new Set<string>(); // delivery is at least once: handle each event id once

  const webhooks = createWebhooks()
    .on('members.member.created', (event) => {
      if (seen.has(event.id)) return;
      seen.add(event.id);
      console.log(`New member ${event.createdEvent.entity.loginEmail}`);
      opts.onEvent?.(event);
    })
    .on('webhooks.subscription.test', () => console.log('Plaza says hello'));

  const plugins = createServicePlugins().define('SHIPPING_RATES', {
    getShippingRates: ({ lineItems, shippingDestination, currency }) => {
      if (shippingDestination.country === 'AQ') throw new ServicePluginError('NOT_SERVED', 422, 'We do not ship there');
      const kilos = lineItems.reduce((sum, l) => sum + (l.physicalProperties?.weight ?? 0) * l.quantity, 0);
      const rate = (code: string, title: string, days: string, price: number) => ({
        code,
        title,
        logistics: { deliveryTime: days },
        cost: { price: price.toFixed(2), currency },
      });
      return {
        shippingRates: [
          rate('standard', 'Standard', '3-5 days', 4 + kilos),
          rate('express', 'Express', '1 day', 12 + 2 * kilos),
        ],
      };
    },
  });

  return createServer(async (req, res) => {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    try {
      const body = await readBody(req);
      if (req.method === 'POST' && req.url === '/webhooks') {
        const event = await webhooks.process(body, keys);
        return send(200, { received: event.id });
      }
      if (req.method === 'POST' && req.url === '/shipping-rates') {
        const answer = await plugins.process(body, keys);
        return send(answer.status, answer.body);
      }
      send(404, { message: 'Not found' });
    } catch (err) {
      send(400, { message: (err as Error).message }); // "JWT is not valid", "Unexpected event type: ..."
    }
  });
}

async function readBody(req: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
}
