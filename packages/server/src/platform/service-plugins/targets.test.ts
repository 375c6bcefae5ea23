import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServicePluginImplementationResponse } from '@plaza/contracts';
import { memberAuth } from '../../test/community.js';
import { serverSuite } from '../../test/suite.js';
import { call, violations } from '../../../test/http.js';
import { setTargetResolverForTests } from '../webhooks/targets.js';

/**
 * In production a service plugin's URL is held to the webhooks' address check when it is saved (create and PATCH),
 * not only when it is called: the server's own network and cloud metadata are refused at once, in words.
 */

const BASE = '/service-plugins/v1/implementations';
const { srv, keys } = serverSuite({ env: { NODE_ENV: 'production' }, keys: { webhooks: ['webhooks'] } });
beforeAll(async () => {
  // Names resolve through a stub: no DNS query leaves the machine.
  setTargetResolverForTests(async (host) =>
    host === 'plugin.example' ? [{ address: '93.184.216.34', family: 4 }] : [{ address: '127.0.0.1', family: 4 }],
  );
});
afterAll(async () => {
  setTargetResolverForTests(undefined);
});

const create = (url: string, type = 'SHIPPING_RATES') =>
  call<ServicePluginImplementationResponse>(srv.url, 'POST', BASE, {
    auth: keys.webhooks,
    body: { implementation: { type, name: 'Rates', url } },
  });
const patch = (id: string, url: string) =>
  call<ServicePluginImplementationResponse>(srv.url, 'PATCH', `${BASE}/${id}`, {
    auth: keys.webhooks,
    body: { implementation: { url }, fieldMask: { paths: ['url'] } },
  });

const INSIDE = [
  'https://169.254.169.254/latest/meta-data',
  'https://127.0.0.1/plugin',
  'https://localhost/plugin',
  'https://[::1]/plugin',
  'https://[::ffff:127.0.0.1]/plugin',
  'https://0.0.0.0/plugin',
  'https://10.0.0.5/plugin',
  'https://internal.example/plugin',
];

describe('in production, service plugin URLs are checked when saved', () => {
  it('refuses metadata, loopback and private addresses at create, naming the field', async () => {
    for (const url of INSIDE) {
      const res = await create(url);
      expect(res.status, url).toBe(400);
      expect(violations(res.body), url).toEqual(['implementation.url:FORMAT']);
      expect((res.body as unknown as { message: string }).message, url).toMatch(/own network/);
    }
    expect(
      (await call<{ implementations: unknown[] }>(srv.url, 'GET', BASE, { auth: keys.webhooks })).body.implementations,
    ).toEqual([]);
  });

  it('refuses them at PATCH too, and leaves the URL as it was', async () => {
    const made = await create('https://plugin.example/rates', 'TAX_CALCULATION');
    expect(made.status).toBe(201);
    const id = made.body.implementation.id;
    for (const url of INSIDE) {
      const res = await patch(id, url);
      expect(res.status, url).toBe(400);
      expect(violations(res.body), url).toEqual(['implementation.url:FORMAT']);
    }
    const got = await call<ServicePluginImplementationResponse>(srv.url, 'GET', `${BASE}/${id}`, {
      auth: keys.webhooks,
    });
    expect(got.body.implementation.url).toBe('https://plugin.example/rates');
  });

  it('accepts them once the owner allows the shop’s own network', async () => {
    const owner = await memberAuth(srv);
    const allow = (on: boolean) =>
      call(srv.url, 'PATCH', '/webhooks/v1/settings', { auth: owner, body: { settings: { allowPrivateTargets: on } } });
    expect((await allow(true)).status).toBe(200);
    expect((await create('https://127.0.0.1/plugin', 'ADDITIONAL_FEES')).status).toBe(201);
    expect((await allow(false)).status).toBe(200);
  });
});
