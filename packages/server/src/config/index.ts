import path from 'node:path';
import { databaseConfigFromEnv } from './database.js';
import { mediaConfigFromEnv, type MediaConfig } from './media.js';
import { paymentsConfigFromEnv, type PaymentsConfig } from './payments.js';
import { eventConfigFromEnv, type WebhookConfig } from './webhooks.js';

/** Validated configuration. Everything the server reads from the environment goes through here. */
export interface Config {
  port: number;
  host: string;
  /** Where the embedded PGlite database lives; unused when databaseUrl is set. */
  dataDir: string;
  /** PostgreSQL instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  /** Streaming replicas of DATABASE_URL for reads outside transactions (config/database.ts). */
  replicaUrls: string[];
  /** Replicas lagging more than this get no reads. */
  replicaMaxLagMs: number;
  /** The address people reach this server at; used in links, redirect URIs and the token issuer. */
  publicUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** `pretty`: one readable line per request (a terminal, `npm start`); `json`: one JSON object per line. */
  logFormat: 'pretty' | 'json';
  /** Largest accepted request body, in bytes. */
  bodyLimit: number;
  /** Where the built web app is served from; empty disables serving it. */
  webDistDir: string;
  nodeEnv: string;
  /** `npm run dev`: the Vite dev server's origin, also allowed as a redirect origin of the web app's client. */
  devWebOrigin: string | undefined;
  /**
   * Browser origins that get CORS on the API besides the OAuth clients' allowed origins (PLAZA_CORS_ORIGINS,
   * comma-separated), e.g. a headless storefront that calls the API with an API key.
   */
  corsOrigins: string[];
  /** `smtp://` or `smtps://` URL mail is sent through; unset keeps every message in the dev mailbox. */
  smtpUrl: string | undefined;
  /** The From header of outgoing mail; defaults to `Plaza <no-reply@<public host>>`. */
  smtpFrom: string | undefined;
  /** ALTCHA work: the solver tries about this many keys (half to all of it). Tests lower it. */
  captchaComplexity: number;
  /**
   * Which proxies' X-Forwarded-For to believe (Fastify's trustProxy): false (default: the socket address is the
   * client), true (any: only behind a proxy that overwrites the header), a hop count, or a list of addresses/CIDRs.
   * Login limits are per client address, so believing a spoofable header would let anyone dodge them.
   */
  trustProxy: boolean | number | string[];
  /** Whether this node runs background jobs (PLAZA_JOB_WORKER=off for API-only nodes). */
  jobWorker: boolean;
  /**
   * PLAZA_CLOCK_CONTROL=on: the owner may move this node's clock forward (`POST /dev/v1/clock`) to try renewals,
   * expiries and credit periods without waiting. For demos and tests only; refused with NODE_ENV=production.
   */
  clockControl: boolean;
  /** How often an idle worker looks for due jobs, in ms; jobs queued on this node start at once anyway. */
  jobPollMs: number;
  /** How often each worker node looks for newly abandoned checkouts, in ms (PLAZA_ABANDONED_SWEEP_MS). */
  abandonedSweepMs: number;
  /** Whether services write domain events (PLAZA_EVENTS=off only for the bench's comparison run). */
  events: boolean;
  /** Webhook delivery timings (webhooks.ts). */
  webhooks: WebhookConfig;
  /** Media storage and upload limits (media.ts). */
  media: MediaConfig;
  /** Payment providers' keys and where Stripe is reached (payments.ts). */
  payments: PaymentsConfig;
  /** Set: `/metrics` answers callers that send it as a bearer token (PLAZA_METRICS_TOKEN); unset: metrics are off. */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(['Invalid environment variables', ...problems.map((p) => `  ${p}`)].join('\n'));
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

type Env = Record<string, string | undefined>;

/**
 * Reads and checks the environment. Collects every problem before failing, so one run shows all of them.
 * @throws ConfigError whose message starts with `Invalid environment variables`, one line per bad variable.
 */
export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = [];

  const port = intVar(env, 'PORT', 3000, 0, 65535, problems);
  const bodyLimit = intVar(env, 'PLAZA_BODY_LIMIT', 1024 * 1024, 1024, 100 * 1024 * 1024, problems);
  const { databaseUrl, replicaUrls, replicaMaxLagMs } = databaseConfigFromEnv(env, problems, (name, ...range) =>
    intVar(env, name, ...range, problems),
  );
  // The embedded database is for one machine: only its own loopbacks until HOST says otherwise.
  const host = env.HOST?.trim() || (databaseUrl ? '0.0.0.0' : 'localhost');

  const publicUrl = publicUrlVar(env, port, problems);
  const devWebOrigin = devWebOriginVar(env, problems);
  const corsOrigins = corsOriginsVar(env, problems);

  const smtpUrl = env.SMTP_URL?.trim() || undefined;
  if (smtpUrl && !(URL.canParse(smtpUrl) && /^smtps?:$/.test(new URL(smtpUrl).protocol))) {
    problems.push('SMTP_URL: must be an smtp:// or smtps:// URL, such as smtp://user:pass@mail.example:587');
  }
  const smtpFrom = env.SMTP_FROM?.trim() || undefined;
  const captchaComplexity = intVar(env, 'PLAZA_CAPTCHA_COMPLEXITY', 10_000, 1, 10_000_000, problems);
  const trustProxy = trustProxyVar(env, problems);

  const rawWorker = env.PLAZA_JOB_WORKER?.trim() || 'on';
  if (rawWorker !== 'on' && rawWorker !== 'off')
    problems.push(`PLAZA_JOB_WORKER: must be on or off, got "${rawWorker}"`);
  const rawClock = env.PLAZA_CLOCK_CONTROL?.trim() || 'off';
  if (rawClock !== 'on' && rawClock !== 'off')
    problems.push(`PLAZA_CLOCK_CONTROL: must be on or off, got "${rawClock}"`);
  else if (rawClock === 'on' && env.NODE_ENV === 'production')
    problems.push('PLAZA_CLOCK_CONTROL: must be off with NODE_ENV=production (it lets the owner move time)');
  const jobPollMs = intVar(env, 'PLAZA_JOB_POLL_MS', 1000, 10, 60_000, problems);
  const abandonedSweepMs = intVar(env, 'PLAZA_ABANDONED_SWEEP_MS', 60_000, 100, 3_600_000, problems);

  const logLevel = (env.LOG_LEVEL?.trim() || (env.NODE_ENV === 'test' ? 'silent' : 'info')) as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL: must be one of ${LOG_LEVELS.join(', ')}`);
  // People read a terminal; log collectors read pipes and files.
  const logFormat = (env.LOG_FORMAT?.trim() || (process.stdout.isTTY ? 'pretty' : 'json')) as Config['logFormat'];
  if (logFormat !== 'pretty' && logFormat !== 'json')
    problems.push(`LOG_FORMAT: must be pretty or json, got "${String(logFormat)}"`);

  const { events, webhooks } = eventConfigFromEnv(env, problems);

  const dataDir = path.resolve(cwd, env.PLAZA_DATA_DIR?.trim() || '.plaza/data');
  const media = mediaConfigFromEnv(env, dataDir, cwd, problems);
  const payments = paymentsConfigFromEnv(env, problems);
  const metricsToken = env.PLAZA_METRICS_TOKEN?.trim() || undefined;
  if (metricsToken && !/^[\x21-\x7e]{16,512}$/.test(metricsToken))
    problems.push('PLAZA_METRICS_TOKEN: must be 16 to 512 printable characters without spaces');
  if (problems.length) throw new ConfigError(problems);

  return {
    port,
    host,
    dataDir,
    databaseUrl,
    replicaUrls,
    replicaMaxLagMs,
    publicUrl,
    logLevel,
    logFormat,
    bodyLimit,
    webDistDir: env.PLAZA_WEB_DIST ?? path.resolve(cwd, 'apps/web/dist'),
    nodeEnv: env.NODE_ENV ?? 'development',
    devWebOrigin,
    corsOrigins,
    smtpUrl,
    smtpFrom,
    captchaComplexity,
    trustProxy,
    jobWorker: rawWorker === 'on',
    clockControl: rawClock === 'on',
    jobPollMs,
    abandonedSweepMs,
    events,
    webhooks,
    media,
    payments,
    metricsToken,
  };
}

/** PLAZA_PUBLIC_URL without a trailing slash; default http://localhost:PORT. */
function publicUrlVar(env: Env, port: number, problems: string[]): string {
  const rawPublicUrl = env.PLAZA_PUBLIC_URL?.trim();
  let publicUrl = `http://localhost:${port}`;
  if (rawPublicUrl) {
    try {
      const u = new URL(rawPublicUrl);
      if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error('protocol');
      publicUrl = u.origin + u.pathname.replace(/\/+$/, '');
    } catch {
      problems.push(`PLAZA_PUBLIC_URL: must be an absolute http(s) URL, got "${rawPublicUrl}"`);
    }
  }
  return publicUrl;
}

function devWebOriginVar(env: Env, problems: string[]): string | undefined {
  const rawDevOrigin = env.PLAZA_DEV_WEB_ORIGIN?.trim();
  let devWebOrigin: string | undefined;
  if (rawDevOrigin) {
    if (URL.canParse(rawDevOrigin) && /^https?:$/.test(new URL(rawDevOrigin).protocol))
      devWebOrigin = new URL(rawDevOrigin).origin;
    else problems.push(`PLAZA_DEV_WEB_ORIGIN: must be an http(s) origin, got "${rawDevOrigin}"`);
  }
  return devWebOrigin;
}

function corsOriginsVar(env: Env, problems: string[]): string[] {
  const corsOrigins: string[] = [];
  for (const raw of (env.PLAZA_CORS_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    // Exactly scheme://host[:port]: a path, a wildcard or `null` would not be compared as the browser sends it.
    const url = URL.canParse(raw) ? new URL(raw) : undefined;
    if (url && /^https?:$/.test(url.protocol) && url.origin === raw.replace(/\/$/, '')) corsOrigins.push(url.origin);
    else
      problems.push(
        `PLAZA_CORS_ORIGINS: each entry must be an http(s) origin such as https://shop.example, got "${raw}"`,
      );
  }
  return corsOrigins;
}

/** PLAZA_TRUST_PROXY: true, false, a hop count, or a list of IPs/CIDRs. */
function trustProxyVar(env: Env, problems: string[]): Config['trustProxy'] {
  const rawTrust = env.PLAZA_TRUST_PROXY?.trim() ?? '';
  let trustProxy: Config['trustProxy'] = false;
  if (rawTrust === 'true') trustProxy = true;
  else if (/^\d+$/.test(rawTrust)) trustProxy = Number(rawTrust);
  else if (rawTrust && rawTrust !== 'false') {
    const list = rawTrust
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.every((a) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(a))) trustProxy = list;
    else
      problems.push(
        `PLAZA_TRUST_PROXY: must be true, false, a hop count or a comma-separated list of IPs/CIDRs, got "${rawTrust}"`,
      );
  }
  return trustProxy;
}

function intVar(env: Env, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) {
    problems.push(`${name}: must be a whole number between ${min} and ${max}, got "${raw}"`);
    return fallback;
  }
  const n = Number(raw);
  if (n < min || n > max) problems.push(`${name}: must be between ${min} and ${max}, got ${n}`);
  return n;
}
