import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appCode, call, violations } from '../../../test/http.js';
import { cast, type Cast } from '../../test/community.js';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { setTargetResolverForTests } from './subscriptions.service.js';
import { FAST_WEBHOOKS, startReceiver, waitFor } from './testing.js';

const BASE = '/webhooks/v1/subscriptions';

describe('webhook subscription routes', () => {
  let srv: TestServer;
  let c: Cast;
  let key: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    srv = await startTestServer({ env: FAST_WEBHOOKS });
    c = await cast(srv);
    key = await srv.createApiKey(['webhooks']);
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await srv?.close();
  });

  const create = (auth: string | undefined, subscription: unknown) =>
    call<{ subscription: { id: string; status: string; eventTypes: string[]; enabled: boolean } }>(
      srv.url,
      'POST',
      BASE,
      { ...(auth ? { auth } : {}), body: { subscription } },
    );

  it('creates, lists (with counts), gets, updates by field mask, pauses, resumes and deletes', async () => {
    const made = await create(c.owner, { name: 'CRM', url: receiver.url, eventTypes: ['members.member.created'] });
    expect(made.status).toBe(201);
    const id = made.body.subscription.id;
    expect(made.body.subscription).toMatchObject({
      status: 'ACTIVE',
      enabled: true,
      eventTypes: ['members.member.created'],
    });

    const list = await call<{ subscriptions: Array<{ subscription: { id: string }; counts: object }> }>(
      srv.url,
      'GET',
      BASE,
      {
        auth: key,
      },
    );
    expect(list.status).toBe(200);
    expect(list.body.subscriptions.find((s) => s.subscription.id === id)?.counts).toEqual({
      pending: 0,
      succeeded: 0,
      failed: 0,
    });

    const patched = await call<{ subscription: { name: string; eventTypes: string[]; url: string } }>(
      srv.url,
      'PATCH',
      `${BASE}/${id}`,
      {
        auth: key,
        body: {
          subscription: { name: 'Ignored', eventTypes: ['reviews.review.created', 'reviews.review.deleted'] },
          fieldMask: { paths: ['eventTypes'] },
        },
      },
    );
    expect(patched.status).toBe(200);
    expect(patched.body.subscription).toMatchObject({
      name: 'CRM',
      eventTypes: ['reviews.review.created', 'reviews.review.deleted'],
      url: receiver.url,
    });

    const paused = await call<{ subscription: { status: string; pausedReason: string } }>(
      srv.url,
      'POST',
      `${BASE}/${id}/pause`,
      {
        auth: key,
      },
    );
    expect(paused.body.subscription).toMatchObject({ status: 'PAUSED', pausedReason: 'BY_OWNER' });
    const resumed = await call<{ subscription: { status: string } }>(srv.url, 'POST', `${BASE}/${id}/resume`, {
      auth: key,
    });
    expect(resumed.body.subscription.status).toBe('ACTIVE');

    expect((await call(srv.url, 'DELETE', `${BASE}/${id}`, { auth: key })).status).toBe(200);
    expect((await call(srv.url, 'GET', `${BASE}/${id}`, { auth: key })).status).toBe(404);
    expect((await call(srv.url, 'DELETE', `${BASE}/${id}`, { auth: key })).status).toBe(404);
  });

  it('sends a test event that shows in the delivery log with its attempts', async () => {
    const id = (await create(key, { url: receiver.url, eventTypes: ['members.member.created'] })).body.subscription.id;
    const test = await call<{ delivery: { id: string; eventType: string } }>(srv.url, 'POST', `${BASE}/${id}/test`, {
      auth: key,
    });
    expect(test.status).toBe(200);
    expect(test.body.delivery.eventType).toBe('webhooks.subscription.test');
    const detail = await waitFor(async () => {
      const res = await call<{
        delivery: { status: string };
        attempts: Array<{ statusCode: number }>;
        event: { id: string };
      }>(srv.url, 'GET', `${BASE}/${id}/deliveries/${test.body.delivery.id}`, { auth: key });
      return res.body.delivery.status === 'SUCCEEDED' && res.body;
    });
    expect(detail.attempts).toMatchObject([{ statusCode: 200 }]);
    expect(receiver.received.some((r) => r.event.id === detail.event.id)).toBe(true);

    const page = await call<{ deliveries: unknown[]; pagingMetadata: { hasNext: boolean } }>(
      srv.url,
      'GET',
      `${BASE}/${id}/deliveries?limit=1`,
      { auth: key },
    );
    expect(page.body.deliveries).toHaveLength(1);
    expect(page.body.pagingMetadata.hasNext).toBe(false);
  });

  it('pages the delivery log with a cursor', async () => {
    const id = (await create(key, { url: receiver.url, eventTypes: ['members.member.created'] })).body.subscription.id;
    for (let i = 0; i < 3; i++) await call(srv.url, 'POST', `${BASE}/${id}/test`, { auth: key });
    const first = await call<{
      deliveries: Array<{ id: string }>;
      pagingMetadata: { cursors: { next: string }; hasNext: boolean };
    }>(srv.url, 'GET', `${BASE}/${id}/deliveries?limit=2`, { auth: key });
    expect(first.body.pagingMetadata.hasNext).toBe(true);
    const second = await call<{ deliveries: Array<{ id: string }>; pagingMetadata: { hasNext: boolean } }>(
      srv.url,
      'GET',
      `${BASE}/${id}/deliveries?limit=2&cursor=${first.body.pagingMetadata.cursors.next}`,
      { auth: key },
    );
    expect(second.body.deliveries).toHaveLength(1);
    expect(second.body.deliveries[0]!.id).not.toBe(first.body.deliveries[0]!.id);
    const bad = await call(srv.url, 'GET', `${BASE}/${id}/deliveries?cursor=nonsense`, { auth: key });
    expect(bad.status).toBe(400);
    expect(violations(bad.body)).toEqual(['cursor:FORMAT']);
  });

  it('answers bad input with the field and the rule, and creates nothing', async () => {
    const before = (await call<{ subscriptions: unknown[] }>(srv.url, 'GET', BASE, { auth: key })).body.subscriptions
      .length;
    const unknownType = await create(key, {
      url: receiver.url,
      eventTypes: ['members.member.created', 'members.member.exploded'],
    });
    expect(unknownType.status).toBe(400);
    expect(violations(unknownType.body)).toEqual(['subscription.eventTypes[1]:INVALID_ENUM_VALUE']);
    const ftp = await create(key, { url: 'ftp://example.com/hook', eventTypes: ['members.member.created'] });
    expect(ftp.status).toBe(400);
    expect(violations(ftp.body)).toEqual(['subscription.url:FORMAT']);
    const none = await create(key, { url: receiver.url, eventTypes: [] });
    expect(violations(none.body)).toEqual(['subscription.eventTypes:MIN_SIZE']);
    const missing = await create(key, { eventTypes: ['members.member.created'] });
    expect(violations(missing.body)).toEqual(['subscription.url:REQUIRED_FIELD']);
    expect(
      (await call<{ subscriptions: unknown[] }>(srv.url, 'GET', BASE, { auth: key })).body.subscriptions,
    ).toHaveLength(before);

    const id = (await create(key, { url: receiver.url, eventTypes: ['members.member.created'] })).body.subscription.id;
    const badMask = await call(srv.url, 'PATCH', `${BASE}/${id}`, {
      auth: key,
      body: { subscription: { url: receiver.url }, fieldMask: { paths: ['secret'] } },
    });
    expect(violations(badMask.body)).toEqual(['fieldMask.paths[0]:FIELD_NOT_ALLOWED']);
    expect((await call(srv.url, 'GET', `${BASE}/not-a-uuid`, { auth: key })).status).toBe(400);
    const status = await call(srv.url, 'GET', `${BASE}/${id}/deliveries?status=LOST`, { auth: key });
    expect(violations(status.body)).toEqual(['status:INVALID_ENUM_VALUE']);
  });

  it('refuses members, visitors, contributors and API keys without the webhooks scope', async () => {
    const id = (await create(key, { url: receiver.url, eventTypes: ['members.member.created'] })).body.subscription.id;
    const routes: Array<[string, string]> = [
      ['GET', BASE],
      ['POST', BASE],
      ['GET', `${BASE}/${id}`],
      ['PATCH', `${BASE}/${id}`],
      ['DELETE', `${BASE}/${id}`],
      ['POST', `${BASE}/${id}/pause`],
      ['POST', `${BASE}/${id}/resume`],
      ['POST', `${BASE}/${id}/test`],
      ['GET', `${BASE}/${id}/deliveries`],
      ['POST', `${BASE}/${id}/redeliver-failed`],
      ['GET', '/webhooks/v1/settings'],
    ];
    const membersKey = await srv.createApiKey(['members']);
    for (const [method, path] of routes) {
      for (const auth of [c.memberA.auth, c.visitor, c.contributor.auth, membersKey]) {
        const res = await call(srv.url, method, path, { auth, ...(method === 'GET' ? {} : { body: {} }) });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(appCode(res.body)).toBe('FORBIDDEN');
      }
      expect(
        (await call(srv.url, method, path, method === 'GET' ? {} : { body: {} })).status,
        `${method} ${path}`,
      ).toBe(401);
    }
    // The settings are the owner's alone (they open the server's network to webhooks).
    const viaKey = await call(srv.url, 'PATCH', '/webhooks/v1/settings', {
      auth: key,
      body: { settings: { allowPrivateTargets: true } },
    });
    expect(viaKey.status).toBe(403);
    expect((await call(srv.url, 'GET', `${BASE}/${id}`, { auth: key })).status).toBe(200);
  });

  it('serves the public keys to anyone', async () => {
    const res = await call<{ keys: Array<{ kty: string; alg: string; d?: string }> }>(
      srv.url,
      'GET',
      '/webhooks/v1/public-keys',
    );
    expect(res.status).toBe(200);
    expect(res.body.keys[0]).toMatchObject({ kty: 'EC', alg: 'ES256' });
    expect(res.body.keys[0]!.d).toBeUndefined();
  });
});

describe('in production, webhooks cannot reach the server’s own network', () => {
  let srv: TestServer;
  let key: string;
  let owner: string;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    srv = await startTestServer({ env: { ...FAST_WEBHOOKS, NODE_ENV: 'production' } });
    key = await srv.createApiKey(['webhooks']);
    owner = (await cast(srv)).owner;
    receiver = await startReceiver();
    // Names resolve through a stub: no DNS query leaves the machine.
    setTargetResolverForTests(async (host) =>
      host === 'hooks.example' ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }],
    );
  });
  afterAll(async () => {
    setTargetResolverForTests(undefined);
    await receiver?.close();
    await srv?.close();
  });

  const create = (url: string) =>
    call<{ subscription: { id: string } }>(srv.url, 'POST', BASE, {
      auth: key,
      body: { subscription: { url, eventTypes: ['members.member.created'] } },
    });

  it('refuses loopback, private and metadata targets, and names that resolve to them', async () => {
    for (const url of [
      receiver.url,
      'http://[::1]:8080/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.5/hook',
      'http://internal.example/hook',
    ]) {
      const res = await create(url);
      expect(res.status, url).toBe(400);
      expect(violations(res.body)).toEqual(['subscription.url:FORMAT']);
      expect((res.body as unknown as { message: string }).message).toMatch(/private or loopback/);
      // In words, with the way out: the setting that allows the shop's own network.
      const body = res.body as unknown as {
        details: { validationError: { fieldViolations: Array<{ description: string; data?: unknown }> } };
      };
      const [v] = body.details.validationError.fieldViolations;
      expect(v!.description).toMatch(/on the shop's own network.*allow it under "Your own network"/);
      expect(v!.data).toEqual({ reason: 'OWN_NETWORK', setting: 'allowPrivateTargets' });
    }
    expect((await create('https://hooks.example/plaza')).status).toBe(201);
  });

  it('checks again at delivery time: a target allowed once is refused after the owner withdraws the setting', async () => {
    const allow = (on: boolean) =>
      call(srv.url, 'PATCH', '/webhooks/v1/settings', { auth: owner, body: { settings: { allowPrivateTargets: on } } });
    expect((await allow(true)).status).toBe(200);
    const made = await create(receiver.url);
    expect(made.status).toBe(201);
    expect((await allow(false)).status).toBe(200);
    const id = made.body.subscription.id;
    const test = await call<{ delivery: { id: string } }>(srv.url, 'POST', `${BASE}/${id}/test`, { auth: key });
    const detail = await waitFor(async () => {
      const res = await call<{ attempts: Array<{ statusCode: number | null; error: string }> }>(
        srv.url,
        'GET',
        `${BASE}/${id}/deliveries/${test.body.delivery.id}`,
        { auth: key },
      );
      return res.body.attempts.length > 0 && res.body;
    });
    expect(detail.attempts[0]).toMatchObject({ statusCode: null });
    expect(detail.attempts[0]!.error).toMatch(/private or reserved/);
    expect(receiver.received).toHaveLength(0);
  });
});
