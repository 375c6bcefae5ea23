import Stripe from 'stripe';
import type { FakeEvent } from './objects.js';

export interface Delivery {
  eventId: string;
  type: string;
  url: string;
  /** The HTTP status Plaza answered, or 0 when the request failed (refused, timed out). */
  status: number;
}

const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * Sends events to the webhook URL as Stripe does: a JSON POST signed with `Stripe-Signature`, one state change's
 * events together, in no promised order. Failures are recorded, never retried: a test resends what it wants.
 */
export class WebhookSender {
  /** When false, events are recorded in `fake.events` but not sent. */
  deliver = true;
  /** Wait this long before sending each state change's events. */
  delayMs = 0;
  /** `reversed` sends one state change's events last-first, e.g. payment_intent.succeeded before checkout.session.completed. */
  order: 'natural' | 'reversed' = 'natural';
  readonly deliveries: Delivery[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly secret: string,
    public url: string | undefined,
  ) {}

  enqueue(events: FakeEvent[]): void {
    const url = this.url;
    if (!this.deliver || !url) return;
    const batch = this.order === 'reversed' ? [...events].reverse() : [...events];
    const delayMs = this.delayMs;
    this.queue = this.queue.then(async () => {
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      for (const event of batch) await this.send(event, url);
    });
  }

  /** Resolves once every queued delivery has been attempted. */
  async settled(): Promise<void> {
    let seen: Promise<void> | undefined;
    while (seen !== this.queue) {
      seen = this.queue;
      await seen;
    }
  }

  /** Sends one event now (ignoring `deliver`), answering the status Plaza returned (0: no answer). */
  async send(event: FakeEvent, url = this.url): Promise<number> {
    if (!url) throw new Error('fake stripe: no webhook URL set');
    const { body, signature } = this.sign(event);
    let status = 0;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await res.arrayBuffer();
      status = res.status;
    } catch {
      status = 0;
    }
    this.deliveries.push({ eventId: event.id, type: event.type, url, status });
    return status;
  }

  /**
   * The body and `Stripe-Signature` header for an event, made by the `stripe` package itself. Tests post these by
   * hand to check that Plaza refuses an old timestamp (`timestamp` in seconds) or another secret.
   */
  sign(event: FakeEvent, opts: { timestamp?: number; secret?: string } = {}): { body: string; signature: string } {
    const body = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: opts.secret ?? this.secret,
      timestamp: opts.timestamp ?? Math.floor(Date.now() / 1000),
    });
    return { body, signature };
  }
}
