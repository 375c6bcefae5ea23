/** Delivery timings and limits; every value has a PLAZA_WEBHOOK_* variable so tests and benches can shorten them. */
export interface WebhookConfig {
  /** One attempt gives up after this long (10 s). */
  timeoutMs: number;
  /** The first retry waits about this long; each next one twice as long (with jitter), capped at retryMaxDelayMs. */
  retryBaseMs: number;
  retryMaxDelayMs: number;
  /** A delivery still failing this long after its event is FAILED (72 h). */
  retryWindowMs: number;
  /** A claimed delivery is retaken by another worker after this long (its node died mid-delivery). */
  leaseMs: number;
  /** A subscription is paused (and the owner mailed) after this many failed attempts in a row. */
  pauseAfterFailures: number;
  /** Delivered (or failed) events older than this are pruned from the outbox. */
  pruneAfterDays: number;
  /** How many deliveries one worker sends at once. */
  concurrency: number;
}

type Env = Record<string, string | undefined>;

const VARS: Array<[keyof WebhookConfig, string, number, number, number]> = [
  ['timeoutMs', 'PLAZA_WEBHOOK_TIMEOUT_MS', 10_000, 10, 120_000],
  ['retryBaseMs', 'PLAZA_WEBHOOK_RETRY_BASE_MS', 30_000, 1, 3_600_000],
  ['retryMaxDelayMs', 'PLAZA_WEBHOOK_RETRY_MAX_DELAY_MS', 6 * 3_600_000, 1, 24 * 3_600_000],
  ['retryWindowMs', 'PLAZA_WEBHOOK_RETRY_WINDOW_MS', 72 * 3_600_000, 10, 30 * 24 * 3_600_000],
  ['leaseMs', 'PLAZA_WEBHOOK_LEASE_MS', 60_000, 50, 3_600_000],
  ['pauseAfterFailures', 'PLAZA_WEBHOOK_PAUSE_AFTER_FAILURES', 50, 1, 100_000],
  ['pruneAfterDays', 'PLAZA_EVENTS_RETENTION_DAYS', 7, 1, 3650],
  ['concurrency', 'PLAZA_WEBHOOK_CONCURRENCY', 32, 1, 256],
];

/** Reads the events and webhook variables; problems are added to the config's list (all reported at once). */
export function eventConfigFromEnv(env: Env, problems: string[]): { events: boolean; webhooks: WebhookConfig } {
  const webhooks = {} as WebhookConfig;
  for (const [key, name, fallback, min, max] of VARS) {
    const raw = env[name]?.trim();
    const n = raw ? Number(raw) : fallback;
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name}: must be a whole number between ${min} and ${max}, got "${raw}"`);
      webhooks[key] = fallback;
    } else webhooks[key] = n;
  }
  if (webhooks.leaseMs <= webhooks.timeoutMs) {
    problems.push('PLAZA_WEBHOOK_LEASE_MS: must be longer than PLAZA_WEBHOOK_TIMEOUT_MS (a lease outlives an attempt)');
  }
  const events = env.PLAZA_EVENTS?.trim() || 'on';
  if (events !== 'on' && events !== 'off') problems.push(`PLAZA_EVENTS: must be on or off, got "${events}"`);
  return { events: events !== 'off', webhooks };
}
