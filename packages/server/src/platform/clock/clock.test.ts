import { describe, expect, it } from 'vitest';
import type { ClockResponse, Product } from '@plaza/contracts';
import { loadConfig } from '../../config/index.js';
import { startTestServer } from '../../test/harness.js';
import { serverSuite } from '../../test/suite.js';
import { productBody } from '../../store/catalog/testing.js';
import { call, violations } from '../../../test/http.js';
import { callerAuth, type Caller } from '../../test/community.js';

const { srv, c, keys } = serverSuite({
  cast: true,
  env: { PLAZA_CLOCK_CONTROL: 'on' },
  keys: { catalog: ['catalog'], all: ['*'] },
});
const DAY = 86_400_000;
const move = (auth: string, body: object) => call<ClockResponse>(srv.url, 'POST', '/dev/v1/clock', { auth, body });

describe('PLAZA_CLOCK_CONTROL', () => {
  it('is refused in production and takes on/off only', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PLAZA_CLOCK_CONTROL: 'on' })).toThrow(/PLAZA_CLOCK_CONTROL/);
    expect(() => loadConfig({ PLAZA_CLOCK_CONTROL: 'yes' })).toThrow(/must be on or off/);
    expect(loadConfig({}).clockControl).toBe(false);
  });

  it('adds no route to a node without it', async () => {
    const plain = await startTestServer();
    try {
      const res = await call(plain.url, 'GET', '/dev/v1/clock', { auth: `Bearer ${await plain.visitorToken()}` });
      expect(res.status).toBe(404);
    } finally {
      await plain.app.close();
    }
  });

  it('lets only the owner move time', async () => {
    for (const who of ['visitor', 'memberA', 'contributor', 'apiKey'] as Caller[]) {
      expect((await move(callerAuth(c, who), { advanceBy: { days: 1 } })).status, who).toBe(403);
    }
    expect((await move(`Bearer ${keys.all}`, { advanceBy: { days: 1 } })).status).toBe(403);
    expect((await call(srv.url, 'POST', '/dev/v1/clock', { body: { advanceBy: { days: 1 } } })).status).toBe(401);
    const read = await call<ClockResponse>(srv.url, 'GET', '/dev/v1/clock', { auth: c.owner });
    expect(read.body.clock.offsetMs).toBe(0);
  });

  it('refuses going back, and a request naming both or neither way', async () => {
    const back = await move(c.owner, { to: new Date(Date.now() - DAY).toISOString() });
    expect(back.status).toBe(400);
    expect(violations(back.body)).toContain('to:VALIDATION');
    expect(violations((await move(c.owner, {})).body)).toContain('advanceBy:VALIDATION');
    const both = await move(c.owner, { advanceBy: { days: 1 }, to: new Date(Date.now() + DAY).toISOString() });
    expect(violations(both.body)).toContain('advanceBy:VALIDATION');
    expect((await move(c.owner, { advanceBy: { weeks: 1 } })).status).toBe(400);
  });

  it('moves the clock every request then writes with', async () => {
    const res = await move(c.owner, { advanceBy: { days: 40, hours: 2 } });
    expect(res.status).toBe(200);
    const ahead = 40 * DAY + 2 * 3_600_000;
    expect(res.body.clock.offsetMs).toBeGreaterThanOrEqual(ahead);
    expect(Date.parse(res.body.clock.now) - Date.now()).toBeGreaterThan(ahead - 60_000);
    // An API key does not age; the product it makes is dated on the moved clock.
    const made = await call<{ product: Product }>(srv.url, 'POST', '/catalog/v1/products', {
      auth: `Bearer ${keys.catalog}`,
      body: { product: productBody() },
    });
    expect(made.status).toBe(200);
    expect(Date.parse(made.body.product.createdDate) - Date.now()).toBeGreaterThan(ahead - 60_000);
  });
});
