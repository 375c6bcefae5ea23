import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  ListServicePluginCallsResponse,
  ServicePluginImplementation,
  ServicePluginImplementationResponse,
  TestServicePluginResponse,
} from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { memberAuth, newMember } from '../../test/community.js';
import { appCode, call, violations } from '../../../test/http.js';
import { createImplementation, deleteImplementation, listImplementations } from './service.js';
import { json, startPluginApp } from './test-app.js';
import { updateWebhookSettings } from '../webhooks/settings.js';

const BASE = '/service-plugins/v1/implementations';
const { srv } = serverSuite();
let app: Awaited<ReturnType<typeof startPluginApp>>;
let owner: string;
let key: string;
let wrongCallers: Array<[string, string | undefined, number]>;

beforeAll(async () => {
  app = await startPluginApp(srv.url);
  await fetch(`${srv.url}/webhooks/v1/public-keys`); // creates the webhook key before any timed call
  owner = await memberAuth(srv);
  key = await srv.createApiKey(['webhooks']);
  wrongCallers = [
    ['nobody', undefined, 401],
    ['a visitor', `Bearer ${await srv.visitorToken()}`, 403],
    ['a member', (await newMember(srv, { nickname: 'Plain Member' })).auth, 403],
    ['an API key without the webhooks scope', await srv.createApiKey(['members']), 403],
  ];
});
afterAll(async () => {
  await app?.close();
});
afterEach(async () => {
  for (const impl of await listImplementations(srv.ctx())) await deleteImplementation(srv.ctx(), impl.id);
  app.received.length = 0;
});

const create = (auth: string, implementation: Record<string, unknown>) =>
  call<ServicePluginImplementationResponse>(srv.url, 'POST', BASE, { auth, body: { implementation } });

describe('service plugin implementations', () => {
  it('registers, lists, gets, updates by field mask and deletes (owner and API key)', async () => {
    const created = await create(owner, { type: 'SHIPPING_RATES', name: 'Rates app', url: app.url });
    expect(created.status).toBe(201);
    const impl = created.body.implementation;
    expect(impl).toMatchObject({
      type: 'SHIPPING_RATES',
      name: 'Rates app',
      url: app.url,
      enabled: true,
      timeoutMs: 5000,
      circuit: 'CLOSED',
    });

    const list = await call<{ implementations: ServicePluginImplementation[] }>(srv.url, 'GET', BASE, { auth: key });
    expect(list.body.implementations.map((i) => i.id)).toEqual([impl.id]);
    const got = await call<ServicePluginImplementationResponse>(srv.url, 'GET', `${BASE}/${impl.id}`, { auth: key });
    expect(got.body.implementation).toEqual(impl);

    const patched = await call<ServicePluginImplementationResponse>(srv.url, 'PATCH', `${BASE}/${impl.id}`, {
      auth: key,
      body: {
        implementation: { enabled: false, timeoutMs: 2000, name: 'ignored' },
        fieldMask: { paths: ['enabled', 'timeoutMs'] },
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.implementation).toMatchObject({ enabled: false, timeoutMs: 2000, name: 'Rates app' });

    expect((await call(srv.url, 'DELETE', `${BASE}/${impl.id}`, { auth: owner })).status).toBe(200);
    expect((await call(srv.url, 'GET', `${BASE}/${impl.id}`, { auth: owner })).status).toBe(404);
    expect((await call(srv.url, 'DELETE', `${BASE}/${impl.id}`, { auth: owner })).status).toBe(404);
  });

  it('refuses a second implementation of a type with 409 "multiple implementations are unsupported"', async () => {
    expect((await create(owner, { type: 'TAX_CALCULATION', name: 'Tax A', url: app.url })).status).toBe(201);
    const second = await create(key, { type: 'TAX_CALCULATION', name: 'Tax B', url: app.url });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ message: 'multiple implementations are unsupported' });
    expect(appCode(second.body)).toBe('MULTIPLE_IMPLEMENTATIONS');
    // Two at once: the unique index lets exactly one in.
    const raced = await Promise.all([
      create(owner, { type: 'VALIDATIONS', name: 'V1', url: app.url }),
      create(owner, { type: 'VALIDATIONS', name: 'V2', url: app.url }),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await listImplementations(srv.ctx())).map((i) => i.type).sort()).toEqual([
      'TAX_CALCULATION',
      'VALIDATIONS',
    ]);
  });

  it.each([
    [{ name: 'x', url: 'http://127.0.0.1/' }, 'implementation.type:REQUIRED_FIELD'],
    [{ type: 'PAYMENTS', name: 'x', url: 'http://127.0.0.1/' }, 'implementation.type:INVALID_ENUM_VALUE'],
    [{ type: 'VALIDATIONS', name: '', url: 'http://127.0.0.1/' }, 'implementation.name:MIN_LENGTH'],
    [{ type: 'VALIDATIONS', name: 'x', url: 'not a url' }, 'implementation.url:FORMAT'],
    [{ type: 'VALIDATIONS', name: 'x', url: 'ftp://127.0.0.1/' }, 'implementation.url:FORMAT'],
    [{ type: 'VALIDATIONS', name: 'x', url: 'http://u:p@127.0.0.1/' }, 'implementation.url:FORMAT'],
    [{ type: 'VALIDATIONS', name: 'x', url: 'http://127.0.0.1/', timeoutMs: 10_001 }, 'implementation.timeoutMs:MAX'],
    [{ type: 'VALIDATIONS', name: 'x', url: 'http://127.0.0.1/', timeoutMs: 50 }, 'implementation.timeoutMs:MIN'],
  ])('refuses bad input %j with a clear 400 and registers nothing', async (body, violation) => {
    const res = await create(owner, body);
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContain(violation);
    expect(await listImplementations(srv.ctx())).toEqual([]);
  });

  it('refuses bad updates: unknown mask path, missing value, bad URL, unknown id', async () => {
    const { implementation } = (await create(owner, { type: 'VALIDATIONS', name: 'V', url: app.url })).body;
    const patch = (body: unknown, id = implementation.id) =>
      call(srv.url, 'PATCH', `${BASE}/${id}`, { auth: owner, body });
    const typeChange = await patch({ implementation: {}, fieldMask: { paths: ['type'] } });
    expect(violations(typeChange.body)).toEqual(['fieldMask.paths[0]:FIELD_NOT_ALLOWED']);
    expect(violations((await patch({ implementation: {}, fieldMask: { paths: ['url'] } })).body)).toEqual([
      'implementation.url:REQUIRED_FIELD',
    ]);
    expect(
      violations((await patch({ implementation: { url: 'mailto:x@y.z' }, fieldMask: { paths: ['url'] } })).body),
    ).toEqual(['implementation.url:FORMAT']);
    for (const [method, path] of [
      ['GET', `${BASE}/not-an-id`],
      ['PATCH', `${BASE}/not-an-id`],
      ['DELETE', `${BASE}/not-an-id`],
      ['POST', `${BASE}/not-an-id/test`],
      ['GET', `${BASE}/not-an-id/calls`],
    ] as const) {
      const res = await call(srv.url, method, path, {
        auth: owner,
        body: method === 'GET' || method === 'DELETE' ? undefined : {},
      });
      expect(res.status, `${method} ${path}`).toBe(400);
      expect(violations(res.body), `${method} ${path}`).toContain('id:FORMAT');
    }
    const unknown = await patch(
      { implementation: { enabled: false }, fieldMask: { paths: ['enabled'] } },
      '0190a0a0-0000-7000-8000-000000000000',
    );
    expect(unknown.status).toBe(404);
    expect((await listImplementations(srv.ctx()))[0]).toMatchObject({ url: app.url, enabled: true });
  });

  it('test call: sends the sample request (even when disabled), reports the outcome and lists it in the last calls', async () => {
    const { implementation } = (
      await create(owner, { type: 'SHIPPING_RATES', name: 'R', url: app.url, enabled: false, timeoutMs: 10_000 })
    ).body;
    app.answer((_c, res) =>
      json(res, 200, {
        shippingRates: [{ code: 'std', title: 'Standard', logistics: {}, cost: { price: '4.00', currency: 'USD' } }],
      }),
    );
    const tested = await call<TestServicePluginResponse>(srv.url, 'POST', `${BASE}/${implementation.id}/test`, {
      auth: owner,
      body: {},
    });
    expect(tested.status).toBe(200);
    expect(tested.body.call).toMatchObject({ method: 'getShippingRates', outcome: 'OK', statusCode: 200, test: true });
    expect(tested.body.response).toMatchObject({ shippingRates: [{ code: 'std' }] });

    app.answer((_c, res) =>
      json(res, 409, {
        message: 'x',
        details: { applicationError: { code: 'NO_RATES', description: 'No rates today' } },
      }),
    );
    const refused = await call<TestServicePluginResponse>(srv.url, 'POST', `${BASE}/${implementation.id}/test`, {
      auth: key,
      body: {},
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    expect(refused.body.appError).toEqual({ code: 'NO_RATES', description: 'No rates today', status: 409 });
    expect(refused.body.call).toMatchObject({
      outcome: 'APP_ERROR',
      statusCode: 409,
      error: 'NO_RATES: No rates today',
    });

    const calls = await call<ListServicePluginCallsResponse>(srv.url, 'GET', `${BASE}/${implementation.id}/calls`, {
      auth: key,
    });
    expect(calls.body.calls.map((c) => c.outcome)).toEqual(['APP_ERROR', 'OK']);
    expect(calls.body.calls[0]!.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('test call: refuses a method of another type and a request out of schema, without calling the app', async () => {
    const { implementation } = (await create(owner, { type: 'SHIPPING_RATES', name: 'R', url: app.url })).body;
    const before = app.received.length;
    const path = `${BASE}/${implementation.id}/test`;
    const wrongMethod = await call(srv.url, 'POST', path, { auth: owner, body: { method: 'calculateTax' } });
    expect(wrongMethod.status).toBe(400);
    expect(violations(wrongMethod.body)).toEqual(['method:INVALID_ENUM_VALUE']);
    const badRequest = await call(srv.url, 'POST', path, { auth: owner, body: { request: { lineItems: 'none' } } });
    expect(badRequest.status).toBe(400);
    expect(violations(badRequest.body)[0]).toMatch(/^request/);
    expect(app.received.length).toBe(before);
    expect((await call(srv.url, 'GET', `${BASE}/${implementation.id}/calls`, { auth: owner })).body).toEqual({
      calls: [],
    });
  });

  it('lets no other caller in on any route, and leaks nothing', async () => {
    const { implementation } = (await create(owner, { type: 'SHIPPING_RATES', name: 'R', url: app.url })).body;
    const routes: Array<[string, string, unknown?]> = [
      ['POST', BASE, { implementation: { type: 'VALIDATIONS', name: 'x', url: app.url } }],
      ['GET', BASE],
      ['GET', `${BASE}/${implementation.id}`],
      [
        'PATCH',
        `${BASE}/${implementation.id}`,
        { implementation: { enabled: false }, fieldMask: { paths: ['enabled'] } },
      ],
      ['DELETE', `${BASE}/${implementation.id}`],
      ['POST', `${BASE}/${implementation.id}/test`, {}],
      ['GET', `${BASE}/${implementation.id}/calls`],
    ];
    for (const [who, auth, status] of wrongCallers)
      for (const [method, path, body] of routes) {
        const res = await call(srv.url, method, path, { ...(auth ? { auth } : {}), ...(body ? { body } : {}) });
        expect(res.status, `${who} ${method} ${path}`).toBe(status);
        expect(JSON.stringify(res.body)).not.toContain(app.url);
      }
    expect(await listImplementations(srv.ctx())).toMatchObject([{ id: implementation.id, enabled: true }]);
    expect(app.received.length).toBe(0);
  });

  it('refuses plain http in production', async () => {
    // The production rule, through the service with a production config (a second server would cost seconds).
    const ctx = { ...srv.ctx(), config: { ...srv.config, nodeEnv: 'production' } };
    const attempt = createImplementation(ctx, { type: 'VALIDATIONS', name: 'x', url: app.url });
    await expect(attempt).rejects.toMatchObject({ status: 400, message: /^implementation.url: must be an https URL/ });
    await expect(attempt).rejects.toMatchObject({ message: /allows it under "Your own network"/ });
    expect(await listImplementations(srv.ctx())).toEqual([]);
  });

  it('in production takes plain http to the shop’s own network once the owner allows that network', async () => {
    const ctx = { ...srv.ctx(), config: { ...srv.config, nodeEnv: 'production' } };
    const outside = 'http://plugins.example/rates';
    await updateWebhookSettings(srv.ctx(), { allowPrivateTargets: true });
    try {
      const made = await createImplementation(ctx, { type: 'VALIDATIONS', name: 'x', url: app.url });
      expect(made.url).toBe(app.url);
      await deleteImplementation(srv.ctx(), made.id);
      // An address on the internet still needs https.
      const attempt = createImplementation(ctx, { type: 'VALIDATIONS', name: 'x', url: outside });
      await expect(attempt).rejects.toMatchObject({ status: 400 });
    } finally {
      await updateWebhookSettings(srv.ctx(), { allowPrivateTargets: false });
    }
  });
});
