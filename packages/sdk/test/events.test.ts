/**
 * @plaza/sdk/events without a server: JWTs signed here with Web Crypto, verified by the SDK. The real server's
 * signature is covered in integration/events.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createServicePlugins,
  createWebhooks,
  JWT_NOT_VALID,
  ServicePluginError,
  verifyJwt,
} from '../src/events/index.js';

const ALG = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
let plaza: CryptoKeyPair;
let other: CryptoKeyPair;
let jwk: JsonWebKey & { kid: string };

async function sign(payload: Record<string, unknown>, key = plaza.privateKey, header: Record<string, unknown> = {}) {
  const h = b64(new TextEncoder().encode(JSON.stringify({ alg: 'ES256', kid: 'k1', typ: 'JWT', ...header })));
  const p = b64(new TextEncoder().encode(JSON.stringify(payload)));
  const sig = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, new TextEncoder().encode(`${h}.${p}`));
  return `${h}.${p}.${b64(new Uint8Array(sig))}`;
}
const inAMinute = () => Math.floor(Date.now() / 1000) + 60;
const memberCreated = () => ({
  id: '0190a0a0-0000-7000-8000-000000000001',
  eventType: 'members.member.created',
  entityId: 'm1',
  createdEvent: { entity: { id: 'm1', loginEmail: 'a@b.c' } },
  exp: inAMinute(),
});

beforeAll(async () => {
  plaza = await crypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
  other = await crypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
  jwk = { ...(await crypto.subtle.exportKey('jwk', plaza.publicKey)), kid: 'k1' };
});

describe('verifyJwt', () => {
  it('accepts a JWK, a JWKS, a PEM and fetched keys', async () => {
    const jwt = await sign({ hello: 'world', exp: inAMinute() });
    const spki = Buffer.from(await crypto.subtle.exportKey('spki', plaza.publicKey)).toString('base64');
    const pem = `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----`;
    for (const publicKey of [jwk, { keys: [jwk] }, pem])
      expect(await verifyJwt(jwt, { publicKey })).toMatchObject({ hello: 'world' });
    let fetches = 0;
    const fetchKeys = async () => (fetches++, { keys: [jwk] });
    expect(await verifyJwt(jwt, { fetchKeys })).toMatchObject({ hello: 'world' });
    expect(await verifyJwt(jwt, { fetchKeys })).toMatchObject({ hello: 'world' });
    expect(fetches).toBe(1);
  });

  it('fetches the keys again when a token names a key id it has not seen (rotation)', async () => {
    let keys = [jwk];
    const fetchKeys = async () => ({ keys });
    await verifyJwt(await sign({ exp: inAMinute() }), { fetchKeys });
    const rotated = { ...(await crypto.subtle.exportKey('jwk', other.publicKey)), kid: 'k2' };
    keys = [jwk, rotated];
    const jwt = await sign({ n: 2, exp: inAMinute() }, other.privateKey, { kid: 'k2' });
    expect(await verifyJwt(jwt, { fetchKeys })).toMatchObject({ n: 2 });
  });

  it.each([
    [
      'a tampered payload',
      async () =>
        (await sign({ admin: false, exp: inAMinute() })).replace(
          /\.[^.]+\./,
          `.${b64(new TextEncoder().encode(JSON.stringify({ admin: true, exp: inAMinute() })))}.`,
        ),
    ],
    ['a token signed with another key', () => sign({ exp: inAMinute() }, other.privateKey)],
    ['an expired token', () => sign({ exp: Math.floor(Date.now() / 1000) - 1 })],
    ['a token without expiry', () => sign({})],
    ['another algorithm', () => sign({ exp: inAMinute() }, plaza.privateKey, { alg: 'HS256' })],
    ['garbage', async () => 'not.a.jwt'],
    ['two parts', async () => 'a.b'],
  ])('refuses %s with "JWT is not valid"', async (_name, make) => {
    await expect(verifyJwt(await make(), { publicKey: jwk })).rejects.toThrow(JWT_NOT_VALID);
  });

  it('checks the issuer when asked', async () => {
    const jwt = await sign({ iss: 'https://shop.example', exp: inAMinute() });
    expect(await verifyJwt(jwt, { publicKey: jwk, issuer: 'https://shop.example' })).toBeTruthy();
    await expect(verifyJwt(jwt, { publicKey: jwk, issuer: 'https://evil.example' })).rejects.toThrow(JWT_NOT_VALID);
  });
});

describe('webhooks', () => {
  it('runs the handlers of the event type with the verified event', async () => {
    const seen: string[] = [];
    const webhooks = createWebhooks()
      .on('members.member.created', (event) => seen.push(`a:${event.createdEvent.entity.id}`))
      .on('members.member.created', async (event) => seen.push(`b:${event.entityId}`));
    const event = await webhooks.process(await sign(memberCreated()), { publicKey: jwk });
    expect(event.id).toBe('0190a0a0-0000-7000-8000-000000000001');
    expect(seen).toEqual(['a:m1', 'b:m1']);
  });

  it('refuses an event type without a handler, naming the ones it expects', async () => {
    const webhooks = createWebhooks()
      .on('reviews.review.created', () => {})
      .on('members.member.deleted', () => {});
    await expect(webhooks.process(await sign(memberCreated()), { publicKey: jwk })).rejects.toThrow(
      'Unexpected event type: members.member.created. Expected one of: reviews.review.created, members.member.deleted',
    );
  });

  it('runs no handler for a JWT that is not valid', async () => {
    let ran = false;
    const webhooks = createWebhooks().on('members.member.created', () => (ran = true));
    const forged = await sign(memberCreated(), other.privateKey);
    await expect(webhooks.process(forged, { publicKey: jwk })).rejects.toThrow('JWT is not valid');
    expect(ran).toBe(false);
  });
});

describe('servicePlugins', () => {
  const call = (method: string, request: unknown, pluginType = 'SHIPPING_RATES') =>
    sign({ pluginType, method, request, metadata: { requestId: 'r1', implementationId: 'i1' }, exp: inAMinute() });

  it("answers with the implementation's response", async () => {
    const plugins = createServicePlugins().define('SHIPPING_RATES', {
      getShippingRates: (request, metadata) => ({
        shippingRates: [
          {
            code: `to-${request.shippingDestination.country}-${metadata.requestId}`,
            title: 'Standard',
            logistics: {},
            cost: { price: '5.00', currency: request.currency },
          },
        ],
      }),
    });
    const answer = await plugins.process(
      await call('getShippingRates', { shippingDestination: { country: 'FR' }, currency: 'EUR', lineItems: [] }),
      { publicKey: jwk },
    );
    expect(answer).toEqual({
      status: 200,
      body: {
        shippingRates: [
          { code: 'to-FR-r1', title: 'Standard', logistics: {}, cost: { price: '5.00', currency: 'EUR' } },
        ],
      },
    });
  });

  it('turns a ServicePluginError into an application error answer with its status', async () => {
    const plugins = createServicePlugins().define('SHIPPING_RATES', {
      getShippingRates: () => {
        throw new ServicePluginError('ISLAND_NOT_SERVED', 422, 'We do not ship to this island');
      },
    });
    expect(await plugins.process(await call('getShippingRates', {}), { publicKey: jwk })).toEqual({
      status: 422,
      body: {
        message: 'We do not ship to this island',
        details: { applicationError: { code: 'ISLAND_NOT_SERVED', description: 'We do not ship to this island' } },
      },
    });
  });

  it('lets other errors through (the app answers 500 and Plaza uses its fallback)', async () => {
    const plugins = createServicePlugins().define('SHIPPING_RATES', {
      getShippingRates: () => {
        throw new TypeError('bug');
      },
    });
    await expect(plugins.process(await call('getShippingRates', {}), { publicKey: jwk })).rejects.toThrow('bug');
  });

  it('refuses a second implementation of a type, an unknown type or method, and a JWT that is not valid', async () => {
    const plugins = createServicePlugins().define('CUSTOM_TRIGGERS', { listTriggers: () => ({ customTriggers: [] }) });
    expect(() => plugins.define('CUSTOM_TRIGGERS', {})).toThrow('multiple implementations are unsupported');
    await expect(plugins.process(await call('getShippingRates', {}), { publicKey: jwk })).rejects.toThrow(
      'no service plugin implementation found',
    );
    await expect(
      plugins.process(await call('getEligibleTriggers', {}, 'CUSTOM_TRIGGERS'), { publicKey: jwk }),
    ).rejects.toThrow('no service plugin implementation found');
    await expect(plugins.process(await call('toString', {}, 'CUSTOM_TRIGGERS'), { publicKey: jwk })).rejects.toThrow(
      'no service plugin implementation found',
    );
    expect(await plugins.process(await call('listTriggers', {}, 'CUSTOM_TRIGGERS'), { publicKey: jwk })).toEqual({
      status: 200,
      body: { customTriggers: [] },
    });
    const forged = await sign(
      { pluginType: 'CUSTOM_TRIGGERS', method: 'listTriggers', exp: inAMinute() },
      other.privateKey,
    );
    await expect(plugins.process(forged, { publicKey: jwk })).rejects.toThrow('JWT is not valid');
  });
});
