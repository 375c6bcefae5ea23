import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import type { TestCard } from './cards.js';
import {
  API_VERSION,
  listObject,
  type EventSpec,
  type FakeAccount,
  type FakeCharge,
  type FakeCustomer,
  type FakeDispute,
  type FakeEvent,
  type FakeLineItem,
  type FakeList,
  type FakePaymentIntent,
  type FakePaymentMethod,
  type FakeRefund,
  type FakeSession,
  type FakeSetupIntent,
} from './objects.js';
import { badParam, noSuch } from './params.js';

/** What a Checkout Session remembers beyond its own fields, to act on when it is paid. */
export interface SessionPlan {
  lines: FakeLineItem[];
  intent: {
    captureMethod: Stripe.PaymentIntent.CaptureMethod;
    metadata: Record<string, string>;
    setupFutureUsage: Stripe.PaymentIntent.SetupFutureUsage | null;
    description: string | null;
  };
}

const MAX_EXPAND_DEPTH = 4;

/** Everything the fake knows, in memory. Objects are stored with references as ids, the way Stripe answers them. */
export class FakeStore {
  readonly sessions = new Map<string, FakeSession>();
  readonly sessionPlans = new Map<string, SessionPlan>();
  readonly paymentIntents = new Map<string, FakePaymentIntent>();
  readonly charges = new Map<string, FakeCharge>();
  readonly paymentMethods = new Map<string, FakePaymentMethod>();
  /** The test card behind each PaymentMethod: it decides how later payments with it go. */
  readonly cards = new Map<string, TestCard>();
  /** PaymentMethods already charged without being attached to a customer: Stripe refuses to reuse those. */
  readonly consumedMethods = new Set<string>();
  readonly customers = new Map<string, FakeCustomer>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly disputes = new Map<string, FakeDispute>();
  readonly setupIntents = new Map<string, FakeSetupIntent>();
  readonly events: FakeEvent[] = [];
  /** The API request being answered, named in the events it causes (null for the hosted page and test helpers). */
  request: Stripe.Event.Request | null = null;
  /** When true, new refunds stay `pending` until the test settles them. */
  refundsPending = false;

  constructor(
    readonly account: FakeAccount,
    private readonly clockMs: () => number,
    private readonly onEvents: (events: FakeEvent[]) => void,
  ) {}

  /** Seconds since the epoch, Stripe's timestamps. */
  now(): number {
    return Math.floor(this.clockMs() / 1000);
  }

  newId(prefix: string): string {
    const random = randomBytes(18).toString('base64url').replace(/[-_]/g, 'x');
    return `${prefix}_${random}`;
  }

  /** Records the events of one state change and hands them to webhook delivery together. */
  publish(specs: EventSpec[]): FakeEvent[] {
    const events = specs.map(([type, object]): FakeEvent => ({
      id: this.newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: this.now(),
      livemode: false,
      pending_webhooks: 0,
      request: this.request,
      type,
      data: { object: structuredClone(object) },
    }));
    this.events.push(...events);
    if (events.length) this.onEvents(events);
    return events;
  }

  /** The stored object with this id, or a Stripe "No such …" error (404, or 400 naming `param`). */
  get<T>(map: Map<string, T>, kind: string, id: string, param?: string): T {
    const found = map.get(id);
    if (!found) throw noSuch(kind, id, param);
    return found;
  }

  /** The stored object a reference field names; stored objects always hold the id, never the expanded object. */
  ref<T>(map: Map<string, T>, ref: string | { id?: string } | null | undefined): T | undefined {
    const id = typeof ref === 'string' ? ref : ref?.id;
    return id === undefined ? undefined : map.get(id);
  }

  lookup(id: string): object | undefined {
    const maps: Map<string, object>[] = [
      this.sessions,
      this.paymentIntents,
      this.charges,
      this.paymentMethods,
      this.customers,
      this.refunds,
      this.disputes,
      this.setupIntents,
    ];
    for (const map of maps) {
      const found = map.get(id);
      if (found) return found;
    }
    return this.events.find((e) => e.id === id);
  }

  lineItems(sessionId: string, limit = 10, startingAfter?: string): FakeList<FakeLineItem> {
    const lines = this.sessionPlans.get(sessionId)?.lines ?? [];
    const from = startingAfter ? lines.findIndex((l) => l.id === startingAfter) + 1 : 0;
    const page = lines.slice(from, from + limit);
    return listObject(`/v1/checkout/sessions/${sessionId}/line_items`, page, from + limit < lines.length);
  }

  /** A copy of `object` with each `expand[]` path's ids replaced by the objects, as Stripe's `expand` does. */
  expand<T extends object>(object: T, paths: string[]): T {
    const copy = structuredClone(object);
    for (const path of paths) {
      const segments = path.split('.');
      if (segments.length > MAX_EXPAND_DEPTH) {
        throw badParam('expand', `You cannot expand more than ${MAX_EXPAND_DEPTH} levels of a property (${path}).`);
      }
      this.expandAt(copy, segments, path);
    }
    return copy;
  }

  private expandAt(node: unknown, segments: string[], path: string): void {
    if (segments.length === 0 || node === null) return;
    if (Array.isArray(node)) {
      for (const item of node) this.expandAt(item, segments, path);
      return;
    }
    if (typeof node !== 'object') throw cannotExpand(path);
    const obj = node as Record<string, unknown>;
    const [segment, ...rest] = segments as [string, ...string[]];
    let value = obj[segment];
    if (segment === 'line_items' && obj.object === 'checkout.session' && typeof obj.id === 'string') {
      value = obj[segment] = this.lineItems(obj.id, 100);
    } else if (typeof value === 'string') {
      const found = this.lookup(value);
      if (!found) throw cannotExpand(path);
      value = obj[segment] = structuredClone(found);
    } else if (value === undefined || (value !== null && typeof value !== 'object')) {
      throw cannotExpand(path);
    }
    this.expandAt(value, rest, path);
  }
}

function cannotExpand(path: string) {
  return badParam('expand', `This property cannot be expanded (${path}).`);
}
