/**
 * @plaza/sdk/events against the real server's signatures: a webhook JWT signed with the site's webhook key, and a
 * service-plugin call from Plaza to an app server written with the SDK. Keys come from /webhooks/v1/public-keys.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../server/src/test/harness.js';
import { signAppJwt } from '../../../server/src/platform/webhooks/signing.js';
import { callServicePlugin } from '../../../server/src/platform/service-plugins/call.js';
import { createImplementation } from '../../../server/src/platform/service-plugins/service.js';
import { createServicePlugins, createWebhooks, ServicePluginError } from '../../src/events/index.js';

let srv: TestServer;
let keysUrl: string;
beforeAll(async () => {
  srv = await startTestServer();
  keysUrl = `${srv.url}/webhooks/v1/public-keys`;
});
afterAll(() => srv?.close());

const envelope = (eventType: string) => ({
  id: '0190a0a0-0000-7000-8000-00000000000a',
  eventType,
  entityFqdn: 'plaza.members.v1.member',
  slug: 'created',
  entityId: 'member-1',
  eventTime: new Date().toISOString(),
  triggeredByAnonymizeRequest: false,
  originatedFrom: 'plaza',
  identity: { identityType: 'PLAZA_USER', ownerId: 'owner-1' },
  createdEvent: { entity: { id: 'member-1', loginEmail: 'ann@example.com' } },
});

describe('webhooks.process with the server signature', () => {
  it('verifies with the fetched public keys and runs the typed handler', async () => {
    const jwt = await signAppJwt(srv.ctx(), envelope('members.member.created'));
    const got: string[] = [];
    const webhooks = createWebhooks().on('members.member.created', (event) => {
      got.push(event.createdEvent.entity.id, event.identity.identityType);
    });
    const event = await webhooks.process(jwt, { fetchKeys: keysUrl, issuer: srv.config.publicUrl });
    expect(event.id).toBe('0190a0a0-0000-7000-8000-00000000000a');
    expect(got).toEqual(['member-1', 'PLAZA_USER']);
  });

  it('refuses a tampered JWT, a wrong key and an unknown type', async () => {
    const webhooks = createWebhooks().on('members.member.created', () => {});
    const jwt = await signAppJwt(srv.ctx(), envelope('members.member.created'));
    const [h, , s] = jwt.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ ...envelope('members.member.created'), entityId: 'x', exp: 9e9 }),
    ).toString('base64url');
    await expect(webhooks.process(`${h}.${forgedPayload}.${s}`, { fetchKeys: keysUrl })).rejects.toThrow(
      'JWT is not valid',
    );

    const { publicKey } = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, [
      'sign',
      'verify',
    ]);
    const wrongKey = await crypto.subtle.exportKey('jwk', publicKey);
    await expect(webhooks.process(jwt, { publicKey: wrongKey })).rejects.toThrow('JWT is not valid');

    const review = await signAppJwt(srv.ctx(), envelope('reviews.review.created'));
    await expect(webhooks.process(review, { fetchKeys: keysUrl })).rejects.toThrow(
      'Unexpected event type: reviews.review.created. Expected one of: members.member.created',
    );
  });
});

describe('servicePlugins.process behind a real app server, called by Plaza', () => {
  let app: Server;
  afterAll(() => app?.close());

  it('answers rates, and an application error that Plaza reports with its code and status', async () => {
    const plugins = createServicePlugins().define('SHIPPING_RATES', {
      getShippingRates: (request) => {
        if (request.shippingDestination.country === 'AQ')
          throw new ServicePluginError('NO_PENGUIN_POST', 409, 'No delivery to Antarctica');
        return {
          shippingRates: [
            {
              code: 'std',
              title: 'Standard',
              logistics: { deliveryTime: '3 days' },
              cost: { price: '4.50', currency: request.currency },
            },
          ],
        };
      },
    });
    app = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        plugins
          .process(body, { fetchKeys: keysUrl })
          .then(({ status, body: answer }) =>
            res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer)),
          )
          .catch((err: Error) => res.writeHead(401).end(err.message));
      });
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const port = (app.address() as { port: number }).port;
    await createImplementation(srv.ctx(), {
      type: 'SHIPPING_RATES',
      name: 'SDK app',
      url: `http://127.0.0.1:${port}/`,
      timeoutMs: 10_000,
    });

    const base = { lineItems: [], currency: 'EUR' };
    expect(
      await callServicePlugin(srv.ctx(), 'SHIPPING_RATES', { ...base, shippingDestination: { country: 'FR' } }),
    ).toEqual({
      ok: true,
      response: {
        shippingRates: [
          {
            code: 'std',
            title: 'Standard',
            logistics: { deliveryTime: '3 days' },
            cost: { price: '4.50', currency: 'EUR' },
          },
        ],
      },
    });
    expect(
      await callServicePlugin(srv.ctx(), 'SHIPPING_RATES', { ...base, shippingDestination: { country: 'AQ' } }),
    ).toEqual({
      ok: false,
      reason: 'APP_ERROR',
      appError: { code: 'NO_PENGUIN_POST', description: 'No delivery to Antarctica', status: 409 },
    });
  });
});
