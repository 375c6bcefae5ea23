/**
 * The example app (examples/webhooks-app) against the real server: Plaza's test call reaches its shipping-rates
 * plugin, and a webhook signed by Plaza reaches its handler; forged and unexpected ones are refused.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServicePluginImplementationResponse, TestServicePluginResponse } from '@plaza/contracts';
import { startTestServer, type TestServer } from '../../../server/src/test/harness.js';
import { signAppJwt } from '../../../server/src/platform/webhooks/signing.js';
import { waitFor } from '../../../server/src/platform/webhooks/testing.js';
import { newMember } from '../../../server/src/test/community.js';
import { createApp } from '../../../../examples/webhooks-app/app.js';

let srv: TestServer;
let app: ReturnType<typeof createApp>;
let appUrl: string;
const events: string[] = [];

beforeAll(async () => {
  srv = await startTestServer();
  vi.spyOn(console, 'log').mockImplementation(() => {});
  app = createApp({ plazaUrl: srv.config.publicUrl, onEvent: (e) => events.push(e.createdEvent.entity.id) });
  await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
  appUrl = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;
});
afterAll(async () => {
  app?.close();
  vi.restoreAllMocks();
  await srv?.close();
});

const post = async (path: string, body: string) => {
  const res = await fetch(`${appUrl}${path}`, { method: 'POST', body });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('examples/webhooks-app', () => {
  it('answers Plaza with shipping rates, registered through the API and tried with the test call', async () => {
    const key = await srv.createApiKey(['webhooks']);
    const headers = { authorization: key, 'content-type': 'application/json' };
    const created = await fetch(`${srv.url}/service-plugins/v1/implementations`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        implementation: {
          type: 'SHIPPING_RATES',
          name: 'Example app',
          url: `${appUrl}/shipping-rates`,
          timeoutMs: 10_000,
        },
      }),
    });
    expect(created.status).toBe(201);
    const { implementation } = (await created.json()) as ServicePluginImplementationResponse;
    const tested = (await (
      await fetch(`${srv.url}/service-plugins/v1/implementations/${implementation.id}/test`, {
        method: 'POST',
        headers,
        body: '{}',
      })
    ).json()) as TestServicePluginResponse;
    expect(tested.call).toMatchObject({ outcome: 'OK', statusCode: 200 });
    // The sample request: two mugs of 0.4 kg.
    expect(tested.response).toEqual({
      shippingRates: [
        {
          code: 'standard',
          title: 'Standard',
          logistics: { deliveryTime: '3-5 days' },
          cost: { price: '4.80', currency: 'USD' },
        },
        {
          code: 'express',
          title: 'Express',
          logistics: { deliveryTime: '1 day' },
          cost: { price: '13.60', currency: 'USD' },
        },
      ],
    });
  });

  it('handles a webhook signed by Plaza once per event id, and refuses forged and unexpected ones', async () => {
    const envelope = {
      id: '0190a0a0-0000-7000-8000-0000000000e1',
      eventType: 'members.member.created',
      entityId: 'member-7',
      createdEvent: { entity: { id: 'member-7', loginEmail: 'eve@example.com' } },
    };
    const jwt = await signAppJwt(srv.ctx(), envelope);
    expect(await post('/webhooks', jwt)).toEqual({ status: 200, body: { received: envelope.id } });
    expect(await post('/webhooks', jwt)).toEqual({ status: 200, body: { received: envelope.id } });
    expect(events).toEqual(['member-7']);

    const [h, p] = jwt.split('.');
    expect(await post('/webhooks', `${h}.${p}.AAAA`)).toEqual({ status: 400, body: { message: 'JWT is not valid' } });
    const review = await signAppJwt(srv.ctx(), { ...envelope, eventType: 'reviews.review.created' });
    expect((await post('/webhooks', review)).body.message).toBe(
      'Unexpected event type: reviews.review.created. Expected one of: members.member.created, webhooks.subscription.test',
    );
  });

  it('receives a real delivery: a new member reaches its handler through a webhook subscription', async () => {
    const key = await srv.createApiKey(['webhooks']);
    const subscribed = await fetch(`${srv.url}/webhooks/v1/subscriptions`, {
      method: 'POST',
      headers: { authorization: key, 'content-type': 'application/json' },
      body: JSON.stringify({ subscription: { url: `${appUrl}/webhooks`, eventTypes: ['members.member.created'] } }),
    });
    expect(subscribed.status).toBe(201);
    const member = await newMember(srv, { nickname: 'Dee Delivered' });
    await waitFor(async () => events.includes(member.id));
    expect(events.filter((id) => id === member.id)).toHaveLength(1);
  });
});
