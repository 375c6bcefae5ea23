import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_REQUESTS } from './samples.js';
import { TAX_FALLBACK, type ServicePluginType } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { COOL_DOWN_MS, FAILURE_THRESHOLD } from './breaker.js';
import { callServicePlugin } from './call.js';
import { responseOrFallback, taxOrFallback } from './fallbacks.js';
import { createImplementation, deleteImplementation, listCalls, listImplementations } from './service.js';
import { json, startPluginApp } from './test-app.js';

const { srv } = serverSuite({ clock: () => new Date(Date.now() + skewMs) });
let app: Awaited<ReturnType<typeof startPluginApp>>;
/** The server's clock runs this far ahead of real time (the breaker's cool-down is read from it). */
let skewMs = 0;

beforeAll(async () => {
  app = await startPluginApp(srv.url);
  // The first request creates the site's webhook key; make it before any call is timed.
  await fetch(`${srv.url}/webhooks/v1/public-keys`);
});
afterAll(async () => {
  await app?.close();
});
afterEach(async () => {
  for (const impl of await listImplementations(srv.ctx())) await deleteImplementation(srv.ctx(), impl.id);
  app.received.length = 0;
});

/** The longest timeout unless a test needs a short one: the machine running tests may be busy. */
const register = (type: ServicePluginType, timeoutMs = 10_000) =>
  createImplementation(srv.ctx(), { type, name: `${type} app`, url: app.url, timeoutMs });

const rate = {
  code: 'express',
  title: 'Express',
  logistics: { deliveryTime: '1-2 days' },
  cost: { price: '9.90', currency: 'USD' },
};

describe('callServicePlugin', () => {
  it('sends a JWT the app verifies with the public keys, and returns its answer (happy path)', async () => {
    const impl = await register('SHIPPING_RATES');
    app.answer((_call, res) => json(res, 200, { shippingRates: [rate] }));
    const request = SAMPLE_REQUESTS.getShippingRates;
    const result = await callServicePlugin(srv.ctx(), 'SHIPPING_RATES', request);
    expect(result).toEqual({ ok: true, response: { shippingRates: [rate] } });
    expect(app.received).toHaveLength(1);
    expect(app.received[0]).toMatchObject({
      pluginType: 'SHIPPING_RATES',
      method: 'getShippingRates',
      request,
      metadata: { implementationId: impl.id },
    });
    expect(app.received[0]!.exp! - app.received[0]!.iat!).toBe(60);
    expect(responseOrFallback('getShippingRates', request, result)).toEqual({
      source: 'APP',
      response: { shippingRates: [rate] },
    });
    const [call] = await listCalls(srv.ctx(), impl.id);
    expect(call).toMatchObject({ method: 'getShippingRates', outcome: 'OK', statusCode: 200, test: false });
  });

  it('answers NOT_REGISTERED without calling anyone when no enabled implementation exists', async () => {
    const result = await callServicePlugin(srv.ctx(), 'ADDITIONAL_FEES', SAMPLE_REQUESTS.calculateAdditionalFees);
    expect(result).toEqual({ ok: false, reason: 'NOT_REGISTERED' });
    expect(responseOrFallback('calculateAdditionalFees', SAMPLE_REQUESTS.calculateAdditionalFees, result)).toEqual({
      source: 'FALLBACK',
      reason: 'NOT_REGISTERED',
      response: { additionalFees: [], currency: 'USD' },
    });
    expect(app.received).toHaveLength(0);
  });

  it("turns the app's application error (code and HTTP status) into a clear 400, or a violation for validations", async () => {
    await register('SHIPPING_RATES');
    await register('VALIDATIONS');
    app.answer((_call, res) =>
      json(res, 422, {
        message: 'No delivery to this island',
        details: { applicationError: { code: 'ISLAND_NOT_SERVED', description: 'We do not ship to this island' } },
      }),
    );
    const request = SAMPLE_REQUESTS.getShippingRates;
    const result = await callServicePlugin(srv.ctx(), 'SHIPPING_RATES', request);
    expect(result).toEqual({
      ok: false,
      reason: 'APP_ERROR',
      appError: { code: 'ISLAND_NOT_SERVED', description: 'We do not ship to this island', status: 422 },
    });
    let thrown: unknown;
    try {
      responseOrFallback('getShippingRates', request, result);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toMatchObject({
      status: 400,
      message: 'The shipping rates app refused: We do not ship to this island',
    });
    expect((thrown as { toBody(): unknown }).toBody()).toMatchObject({
      details: {
        applicationError: { code: 'ISLAND_NOT_SERVED', data: { pluginType: 'SHIPPING_RATES', appStatus: 422 } },
      },
    });

    const validation = await callServicePlugin(srv.ctx(), 'VALIDATIONS', SAMPLE_REQUESTS.getValidationViolations);
    expect(responseOrFallback('getValidationViolations', SAMPLE_REQUESTS.getValidationViolations, validation)).toEqual({
      source: 'APP',
      response: {
        violations: [
          {
            severity: 'ERROR',
            target: { other: { name: 'OTHER_DEFAULT' } },
            description: 'We do not ship to this island',
          },
        ],
      },
    });
  });

  it('falls back when the app does not answer in time (tax: FALLBACK_RATE, AUTO_TAX_FAILED)', async () => {
    const impl = await register('TAX_CALCULATION', 150);
    app.answer((_call, res) => {
      setTimeout(() => json(res, 200, { currency: 'USD', lineItemTaxDetails: [] }), 3000);
    });
    const started = Date.now();
    const result = await callServicePlugin(srv.ctx(), 'TAX_CALCULATION', SAMPLE_REQUESTS.calculateTax);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(result).toMatchObject({ ok: false, reason: 'TIMEOUT' });
    expect(taxOrFallback(result)).toEqual(TAX_FALLBACK);
    expect(TAX_FALLBACK).toEqual({ calculationType: 'FALLBACK_RATE', reason: 'AUTO_TAX_FAILED' });
    const [call] = await listCalls(srv.ctx(), impl.id);
    expect(call).toMatchObject({ outcome: 'TIMEOUT', error: 'The app did not answer in time' });
    expect(call!.statusCode).toBeUndefined();
  });

  it.each([
    [
      'an answer out of schema',
      (res: Parameters<Parameters<typeof app.answer>[0]>[1]) => json(res, 200, { shippingRates: [{ code: 'x' }] }),
      'shippingRates.0',
    ],
    [
      'an answer that is not JSON',
      (res: Parameters<Parameters<typeof app.answer>[0]>[1]) => res.writeHead(200).end('<html>'),
      'without JSON',
    ],
    [
      'a 500 without an application error',
      (res: Parameters<Parameters<typeof app.answer>[0]>[1]) => res.writeHead(500).end('{}'),
      '500 without an application error',
    ],
    [
      'a redirect',
      (res: Parameters<Parameters<typeof app.answer>[0]>[1]) =>
        res.writeHead(302, { location: 'http://127.0.0.1:1/' }).end('{}'),
      '302',
    ],
  ])('falls back on %s (BAD_RESPONSE)', async (_name, answer, errorPart) => {
    const impl = await register('SHIPPING_RATES');
    app.answer((_call, res) => answer(res));
    const request = SAMPLE_REQUESTS.getShippingRates;
    const result = await callServicePlugin(srv.ctx(), 'SHIPPING_RATES', request);
    expect(result).toMatchObject({ ok: false, reason: 'BAD_RESPONSE' });
    expect(responseOrFallback('getShippingRates', request, result)).toEqual({
      source: 'FALLBACK',
      reason: 'BAD_RESPONSE',
      response: { shippingRates: [] },
    });
    const [call] = await listCalls(srv.ctx(), impl.id);
    expect(call!.outcome).toBe('BAD_RESPONSE');
    expect(call!.error).toContain(errorPart);
  });

  it('calls the named method of a type with several (custom triggers)', async () => {
    await register('CUSTOM_TRIGGERS');
    app.answer((call, res) =>
      call.method === 'listTriggers'
        ? json(res, 200, { customTriggers: [{ id: 'vip', name: 'VIP shoppers' }] })
        : json(res, 200, { eligibleTriggers: [] }),
    );
    const listed = await callServicePlugin(srv.ctx(), 'CUSTOM_TRIGGERS', {}, { method: 'listTriggers' });
    expect(listed).toEqual({ ok: true, response: { customTriggers: [{ id: 'vip', name: 'VIP shoppers' }] } });
    expect(app.received.map((c) => c.method)).toEqual(['listTriggers']);
  });

  it('opens the circuit after repeated failures, refuses calls during the cool-down, then closes on a good trial', async () => {
    const impl = await register('ADDITIONAL_FEES');
    const request = SAMPLE_REQUESTS.calculateAdditionalFees;
    app.answer((_call, res) => res.writeHead(503).end('down'));
    for (let i = 0; i < FAILURE_THRESHOLD; i++)
      expect(await callServicePlugin(srv.ctx(), 'ADDITIONAL_FEES', request)).toMatchObject({ reason: 'BAD_RESPONSE' });
    expect(app.received).toHaveLength(FAILURE_THRESHOLD);

    // Open: refused without a request, the fallback applies.
    const refused = await callServicePlugin(srv.ctx(), 'ADDITIONAL_FEES', request);
    expect(refused).toMatchObject({ ok: false, reason: 'CIRCUIT_OPEN' });
    expect(responseOrFallback('calculateAdditionalFees', request, refused).source).toBe('FALLBACK');
    expect(app.received).toHaveLength(FAILURE_THRESHOLD);
    expect((await listImplementations(srv.ctx()))[0]!.circuit).toBe('OPEN');

    // After the cool-down one trial goes out; it fails, so the circuit opens again.
    skewMs += COOL_DOWN_MS;
    expect((await listImplementations(srv.ctx()))[0]!.circuit).toBe('HALF_OPEN');
    expect(await callServicePlugin(srv.ctx(), 'ADDITIONAL_FEES', request)).toMatchObject({ reason: 'BAD_RESPONSE' });
    expect(app.received).toHaveLength(FAILURE_THRESHOLD + 1);
    expect(await callServicePlugin(srv.ctx(), 'ADDITIONAL_FEES', request)).toMatchObject({ reason: 'CIRCUIT_OPEN' });

    // Next cool-down: the app is back, the trial succeeds and the circuit closes.
    skewMs += COOL_DOWN_MS;
    const fee = { code: 'eco', name: 'Eco fee', price: '1.00' };
    app.answer((_call, res) => json(res, 200, { additionalFees: [fee], currency: 'USD' }));
    expect(await callServicePlugin(srv.ctx(), 'ADDITIONAL_FEES', request)).toEqual({
      ok: true,
      response: { additionalFees: [fee], currency: 'USD' },
    });
    expect((await listImplementations(srv.ctx()))[0]!.circuit).toBe('CLOSED');
    expect(await callServicePlugin(srv.ctx(), 'ADDITIONAL_FEES', request)).toMatchObject({ ok: true });

    const outcomes = (await listCalls(srv.ctx(), impl.id)).map((c) => c.outcome).reverse();
    expect(outcomes).toEqual([
      ...Array<string>(FAILURE_THRESHOLD).fill('BAD_RESPONSE'),
      'CIRCUIT_OPEN',
      'BAD_RESPONSE',
      'CIRCUIT_OPEN',
      'OK',
      'OK',
    ]);
  });

  it('treats a refused connection as UNREACHABLE and keeps only the last 50 calls', async () => {
    const impl = await createImplementation(srv.ctx(), {
      type: 'VALIDATIONS',
      name: 'Gone',
      url: 'http://127.0.0.1:1/',
    });
    const result = await callServicePlugin(srv.ctx(), 'VALIDATIONS', SAMPLE_REQUESTS.getValidationViolations);
    expect(result).toMatchObject({ ok: false, reason: 'UNREACHABLE' });
    expect((await listCalls(srv.ctx(), impl.id))[0]).toMatchObject({ outcome: 'UNREACHABLE' });
    for (let i = 0; i < 54; i++)
      await callServicePlugin(srv.ctx(), 'VALIDATIONS', SAMPLE_REQUESTS.getValidationViolations);
    const calls = await listCalls(srv.ctx(), impl.id);
    expect(calls).toHaveLength(50);
    // The newest are kept: the first (UNREACHABLE) calls are gone, the breaker's refusals remain.
    expect(calls.every((c) => c.outcome === 'CIRCUIT_OPEN')).toBe(true);
  });

  it('in production refuses to call a private or loopback address (checked after resolving, nothing sent)', async () => {
    const impl = await register('SHIPPING_RATES');
    app.answer((_call, res) => json(res, 200, { shippingRates: [] }));
    const production = { ...srv.ctx(), config: { ...srv.config, nodeEnv: 'production' } };
    const result = await callServicePlugin(production, 'SHIPPING_RATES', SAMPLE_REQUESTS.getShippingRates);
    expect(result).toEqual({
      ok: false,
      reason: 'UNREACHABLE',
      error: 'Not allowed: 127.0.0.1 is a private or reserved address',
    });
    expect(app.received).toHaveLength(0);
    expect((await listCalls(srv.ctx(), impl.id))[0]).toMatchObject({ outcome: 'UNREACHABLE' });
  });
});
