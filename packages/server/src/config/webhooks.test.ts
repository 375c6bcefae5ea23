import { describe, expect, it } from 'vitest';
import { eventConfigFromEnv } from './webhooks.js';

describe('events and webhook configuration', () => {
  it('defaults to 10 s attempts, 72 h of retries and events on', () => {
    const problems: string[] = [];
    const { events, webhooks } = eventConfigFromEnv({}, problems);
    expect(problems).toEqual([]);
    expect(events).toBe(true);
    expect(webhooks).toMatchObject({ timeoutMs: 10_000, retryWindowMs: 72 * 3_600_000, pauseAfterFailures: 50 });
  });

  it('reads the variables and reports every bad one', () => {
    const problems: string[] = [];
    const { events, webhooks } = eventConfigFromEnv(
      { PLAZA_EVENTS: 'off', PLAZA_WEBHOOK_TIMEOUT_MS: '500', PLAZA_WEBHOOK_LEASE_MS: '2000' },
      problems,
    );
    expect(problems).toEqual([]);
    expect(events).toBe(false);
    expect(webhooks).toMatchObject({ timeoutMs: 500, leaseMs: 2000 });

    const bad: string[] = [];
    eventConfigFromEnv(
      {
        PLAZA_EVENTS: 'maybe',
        PLAZA_WEBHOOK_TIMEOUT_MS: 'soon',
        PLAZA_WEBHOOK_CONCURRENCY: '0',
        PLAZA_WEBHOOK_LEASE_MS: '100',
      },
      bad,
    );
    expect(bad.map((p) => p.split(':')[0])).toEqual([
      'PLAZA_WEBHOOK_TIMEOUT_MS',
      'PLAZA_WEBHOOK_CONCURRENCY',
      'PLAZA_WEBHOOK_LEASE_MS',
      'PLAZA_EVENTS',
    ]);
  });
});
