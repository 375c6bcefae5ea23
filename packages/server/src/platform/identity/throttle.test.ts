import { describe, expect, it } from 'vitest';
import { appCode } from '../../../test/http.js';
import { loginThrottle } from './tables.js';
import { LOGIN_THROTTLE, loginDelayMs } from './throttle.js';
import { activeIdentity, appData, identitySuite, login, newEmail } from './testing.js';

const { srv, keys, clock, aheadBy } = identitySuite({ policy: { captchaMode: 'NEVER' }, resetClock: true });
const password = 'throttled password';

/** Seeds recent failures of the pair directly, so a test needn't wait through the real delays to reach them. */
async function seedFailures(email: string, ip: string, failures: number) {
  await srv.database.db
    .insert(loginThrottle)
    .values({ key: `login:${email}|${ip}`, failures, lastFailureDate: clock() })
    .onConflictDoUpdate({ target: loginThrottle.key, set: { failures } });
}

const timed = async <T>(fn: () => Promise<T>) => {
  const start = performance.now();
  const result = await fn();
  return { result, ms: performance.now() - start };
};

describe('progressive login delay', () => {
  it('waits 250 ms · 2^(n−3) from the 3rd failure, at most 2 s', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 9].map(loginDelayMs)).toEqual([0, 0, 0, 250, 500, 1000, 2000, 2000, 2000]);
  });

  it('slows the 4th attempt after 3 failures; a success resets it', async () => {
    const email = newEmail('slow');
    await activeIdentity(srv, keys, email, password);
    const ip = { 'x-forwarded-for': '198.51.100.4' };
    for (let i = 0; i < 3; i++) await login(srv, { loginId: { email }, password: 'wrong password' }, ip);
    const slow = await timed(() => login(srv, { loginId: { email }, password }, ip));
    expect(slow.result.status).toBe(200);
    expect(slow.ms).toBeGreaterThanOrEqual(LOGIN_THROTTLE.BASE_DELAY_MS);
    // The success reset the pair: the same login no longer waits.
    const after = await timed(() => login(srv, { loginId: { email }, password }, ip));
    expect(slow.ms - after.ms).toBeGreaterThan(LOGIN_THROTTLE.BASE_DELAY_MS * 0.6);
  });

  it('locks the pair out after 10 failures: 429 with Retry-After, even for the right password, until it ends', async () => {
    const email = newEmail('locked');
    await activeIdentity(srv, keys, email, password);
    const ip = '198.51.100.9';
    const headers = { 'x-forwarded-for': ip };
    await seedFailures(email, ip, 9);
    const tenth = await timed(() => login(srv, { loginId: { email }, password: 'wrong password' }, headers));
    expect(appCode(tenth.result.body)).toBe('-19976');
    expect(tenth.ms).toBeGreaterThanOrEqual(LOGIN_THROTTLE.MAX_DELAY_MS - 50);

    for (const pw of ['wrong again', password]) {
      const res = await login(srv, { loginId: { email }, password: pw }, headers);
      expect(res.status).toBe(429);
      expect(appCode(res.body)).toBe('TOO_MANY_ATTEMPTS');
      expect(res.headers.get('retry-after')).toBe('900');
      expect(appData(res.body)).toEqual({
        retryAfterSeconds: 900,
      });
    }
    // Another address is not locked out.
    const elsewhere = await login(srv, { loginId: { email }, password }, { 'x-forwarded-for': '198.51.100.10' });
    expect(elsewhere.status).toBe(200);

    aheadBy(10 * 60_000);
    const later = await login(srv, { loginId: { email }, password }, headers);
    expect(later.headers.get('retry-after')).toBe('300');
    aheadBy(LOGIN_THROTTLE.LOCK_MS + 1000);
    expect((await login(srv, { loginId: { email }, password }, headers)).status).toBe(200);
  });

  it('forgets failures older than 15 minutes', async () => {
    const email = newEmail('forget');
    await activeIdentity(srv, keys, email, password);
    const ip = '198.51.100.11';
    await seedFailures(email, ip, 6);
    aheadBy(LOGIN_THROTTLE.WINDOW_MS + 1000);
    const res = await timed(() => login(srv, { loginId: { email }, password }, { 'x-forwarded-for': ip }));
    expect(res.result.status).toBe(200);
    expect(res.ms).toBeLessThan(LOGIN_THROTTLE.MAX_DELAY_MS);
  });
});
