import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { dispatch } from './api.js';
import { paySession, session } from './checkout.js';
import type { FakeAccount, FakeDispute, FakeEvent, FakeRefund } from './objects.js';
import { messagePage, payPage } from './page.js';
import { parseForm, StripeApiError, Params, type RawObject, type StripeErrorBody } from './params.js';
import { settleRefund, updateDispute } from './payments.js';
import { FakeStore } from './state.js';
import { WebhookSender, type Delivery } from './webhooks.js';

export interface FakeStripeOptions {
  /** Secret keys the API accepts (default: one random `sk_test_…`). */
  secretKeys?: string[];
  /** The endpoint secret events are signed with (default: a random `whsec_…`). */
  webhookSecret?: string;
  /** Where events are POSTed; also settable later with `setWebhookUrl`. */
  webhookUrl?: string;
  /** What `GET /v1/account` answers. */
  account?: { name?: string; email?: string; country?: string; defaultCurrency?: string };
  /** The clock for `created`, `expires_at` and session expiry, in milliseconds (default: Date.now). */
  now?: () => number;
}

/** One API request as the fake received it, so tests can assert what Plaza sent. */
export interface ApiCall {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: RawObject;
  status: number;
  /** True when the answer was the stored one for a repeated Idempotency-Key. */
  replayed: boolean;
}

interface StoredAnswer {
  method: string;
  path: string;
  params: string;
  status: number;
  body: object;
}

const random = (n: number) => randomBytes(n).toString('hex');

/** A loopback stand-in for api.stripe.com and its hosted Checkout page, with state in memory. */
export class FakeStripe {
  readonly host = '127.0.0.1';
  readonly port: number;
  readonly url: string;
  readonly secretKey: string;
  readonly publishableKey = `pk_test_${random(12)}`;
  readonly webhookSecret: string;
  readonly calls: ApiCall[] = [];
  readonly store: FakeStore;
  /** Delivery switches: `deliver`, `delayMs`, `order`. */
  readonly webhooks: WebhookSender;
  private readonly secretKeys: string[];
  private readonly answers = new Map<string, StoredAnswer>();

  constructor(
    private readonly server: http.Server,
    opts: FakeStripeOptions,
  ) {
    this.port = (server.address() as AddressInfo).port;
    this.url = `http://${this.host}:${this.port}`;
    this.secretKeys = opts.secretKeys?.length ? opts.secretKeys : [`sk_test_${random(12)}`];
    this.secretKey = this.secretKeys[0]!;
    this.webhookSecret = opts.webhookSecret ?? `whsec_${random(16)}`;
    this.webhooks = new WebhookSender(this.webhookSecret, opts.webhookUrl);
    this.store = new FakeStore(accountFrom(opts.account ?? {}), opts.now ?? Date.now, (events) =>
      this.webhooks.enqueue(events),
    );
    server.on('request', (req, res) => void this.handle(req, res));
  }

  get events(): FakeEvent[] {
    return this.store.events;
  }

  get deliveries(): Delivery[] {
    return this.webhooks.deliveries;
  }

  /** When true, new refunds stay `pending` until `settleRefund`. */
  get refundsPending(): boolean {
    return this.store.refundsPending;
  }

  set refundsPending(value: boolean) {
    this.store.refundsPending = value;
  }

  setWebhookUrl(url: string | undefined): void {
    this.webhooks.url = url;
  }

  /** The buyer pays (or saves a card on) the hosted page without a browser; resolves to the success redirect. */
  async pay(sessionId: string, opts: { card?: string; email?: string; name?: string } = {}): Promise<string> {
    const outcome = paySession(this.store, sessionId, opts);
    if (!outcome.ok) throw new Error(`fake stripe: ${outcome.message}`);
    return Promise.resolve(outcome.redirect);
  }

  settleRefund(refundId: string, outcome: 'succeeded' | 'failed'): FakeRefund {
    return settleRefund(this.store, refundId, outcome);
  }

  updateDispute(disputeId: string, status: Stripe.Dispute.Status): FakeDispute {
    return updateDispute(this.store, disputeId, status);
  }

  /** Sends a recorded event again (whatever `webhooks.deliver` says); resolves to Plaza's HTTP status, 0 for none. */
  async resend(eventId: string): Promise<number> {
    return this.webhooks.send(this.event(eventId));
  }

  /** A signed body for posting by hand, e.g. with an old `timestamp` (seconds) or another `secret`. */
  signedDelivery(event: FakeEvent | string, opts: { timestamp?: number; secret?: string } = {}) {
    return this.webhooks.sign(typeof event === 'string' ? this.event(event) : event, opts);
  }

  /** Resolves when every webhook delivery queued so far has been attempted. */
  settled(): Promise<void> {
    return this.webhooks.settled();
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((r) => this.server.close(() => r()));
    this.server.closeAllConnections();
    await closed;
  }

  private event(eventId: string): FakeEvent {
    const event = this.store.events.find((e) => e.id === eventId);
    if (!event) throw new Error(`fake stripe: no event ${eventId}`);
    return event;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? '/', this.url);
      const body = await readBody(req);
      const payPath = /^\/pay\/([^/]+)$/.exec(url.pathname);
      if (payPath) return this.handlePage(req.method ?? 'GET', decodeURIComponent(payPath[1]!), body, res);
      const { status, answer, headers } = this.handleApi(req, url, body);
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(answer, null, 2));
    } catch (err) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    }
  }

  private handleApi(req: http.IncomingMessage, url: URL, body: string) {
    const method = req.method ?? 'GET';
    const idempotencyKey = method === 'POST' ? (header(req, 'idempotency-key') ?? null) : null;
    const requestId = `req_${random(7)}`;
    const headers: Record<string, string> = { 'request-id': requestId };
    if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
    let params: RawObject = {};
    let replayed = false;
    let result: { status: number; body: object };
    try {
      const apiKey = this.authenticate(header(req, 'authorization'));
      params = parseForm(method === 'GET' ? url.search.slice(1) : body);
      const scope = `${apiKey}\n${idempotencyKey}`;
      const stored = idempotencyKey ? this.answers.get(scope) : undefined;
      if (stored) {
        result = replay(stored, method, url.pathname, params, idempotencyKey!);
        replayed = true;
        headers['idempotent-replayed'] = 'true';
      } else {
        result = this.act(method, url.pathname, params, { id: requestId, idempotency_key: idempotencyKey });
        if (idempotencyKey) {
          this.answers.set(scope, { method, path: url.pathname, params: JSON.stringify(params), ...result });
        }
      }
    } catch (err) {
      if (!(err instanceof StripeApiError)) throw err;
      result = errorAnswer(err);
    }
    this.calls.push({ method, path: url.pathname, idempotencyKey, params, status: result.status, replayed });
    return { status: result.status, answer: result.body, headers };
  }

  /** Runs the call; errors Stripe raises before acting are thrown so they are not stored for the key. */
  private act(method: string, path: string, params: RawObject, request: Stripe.Event.Request) {
    this.store.request = request;
    try {
      const answer = dispatch(method, path, { store: this.store, params: new Params(params), baseUrl: this.url });
      return { status: 200, body: answer };
    } catch (err) {
      if (err instanceof StripeApiError && err.replayable) return errorAnswer(err);
      throw err;
    } finally {
      this.store.request = null;
    }
  }

  private authenticate(authorization: string | undefined): string {
    const key = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    const fail = (message: string) => new StripeApiError(401, { type: 'invalid_request_error', message });
    if (!key) {
      throw fail(
        'You did not provide an API key. You need to provide your API key in the Authorization header, using ' +
          "Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
      );
    }
    if (key === this.publishableKey) {
      throw fail('This API call cannot be made with a publishable API key. Please use a secret API key.');
    }
    if (!this.secretKeys.includes(key)) {
      throw fail(`Invalid API Key provided: ${key.slice(0, 8)}****${key.slice(-4)}`);
    }
    return key;
  }

  private handlePage(method: string, sessionId: string, body: string, res: http.ServerResponse): void {
    const html = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(text);
    };
    if (method === 'POST') {
      const form = new URLSearchParams(body);
      const outcome = paySession(this.store, sessionId, {
        card: form.get('card') ?? '',
        ...(form.get('email') ? { email: form.get('email')! } : {}),
        ...(form.get('name') ? { name: form.get('name')! } : {}),
      });
      if (outcome.ok) {
        res.writeHead(303, { location: outcome.redirect });
        return void res.end();
      }
      const s = this.store.sessions.get(sessionId);
      if (s?.status === 'open') return html(outcome.status, payPage(this.store, s, outcome.message));
      return html(outcome.status, messagePage('Checkout', outcome.message));
    }
    if (!this.store.sessions.has(sessionId)) {
      return html(404, messagePage('Checkout', 'This Checkout Session does not exist.'));
    }
    const s = session(this.store, sessionId);
    if (s.status !== 'open') return html(410, messagePage('Checkout', `This Checkout Session is ${s.status}.`));
    return html(200, payPage(this.store, s));
  }
}

function header(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function replay(stored: StoredAnswer, method: string, path: string, params: RawObject, key: string) {
  if (stored.method !== method || stored.path !== path) {
    throw new StripeApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${stored.path}' vs '${path}'). Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  }
  if (stored.params !== JSON.stringify(params)) {
    throw new StripeApiError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  }
  return { status: stored.status, body: stored.body };
}

function errorAnswer(err: StripeApiError): { status: number; body: { error: StripeErrorBody } } {
  return { status: err.status, body: { error: err.error } };
}

function accountFrom(opts: NonNullable<FakeStripeOptions['account']>): FakeAccount {
  const name = opts.name ?? 'Plaza Test Shop';
  return {
    id: `acct_${random(8)}`,
    object: 'account',
    business_profile: { name, url: null, support_email: opts.email ?? null },
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    country: opts.country ?? 'US',
    default_currency: opts.defaultCurrency ?? 'usd',
    email: opts.email ?? 'owner@shop.example',
    type: 'standard',
    created: Math.floor(Date.now() / 1000),
    settings: { dashboard: { display_name: name, timezone: 'Etc/UTC' } },
  };
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Starts the fake on a random loopback port. Point the `stripe` client at it with `stripeClientOptions(fake)`. */
export async function startFakeStripe(opts: FakeStripeOptions = {}): Promise<FakeStripe> {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return new FakeStripe(server, opts);
}

/** The `stripe` package's config that sends its requests to the fake. */
export function stripeClientOptions(fake: Pick<FakeStripe, 'host' | 'port'>): Stripe.StripeConfig {
  return { host: fake.host, port: fake.port, protocol: 'http', telemetry: false };
}
