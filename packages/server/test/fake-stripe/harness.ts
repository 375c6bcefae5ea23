import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { startFakeStripe, stripeClientOptions, type FakeStripe } from './index.js';

/** A webhook endpoint standing in for Plaza's: keeps each raw body and signature, answers `status`. */
export interface Receiver {
  url: string;
  received: Array<{ raw: string; signature: string }>;
  status: number;
  close(): Promise<void>;
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = { url: '', received: [], status: 200, close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      receiver.received.push({
        raw: Buffer.concat(chunks).toString('utf8'),
        signature: String(req.headers['stripe-signature']),
      });
      res.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/stripe`;
  receiver.close = () => new Promise<void>((r) => server.close(() => r()));
  return receiver;
}

/** The fake, a webhook receiver, and the real `stripe` client pointed at the fake. */
export async function startHarness() {
  const receiver = await startReceiver();
  const fake = await startFakeStripe({ webhookUrl: receiver.url });
  const stripe = clientFor(fake, fake.secretKey);
  return { fake, receiver, stripe };
}

export function clientFor(fake: FakeStripe, key: string): Stripe {
  return new Stripe(key, stripeClientOptions(fake));
}

/** Every event the receiver got so far, each verified by the `stripe` package against the fake's secret. */
export async function verifiedEvents(fake: FakeStripe, receiver: Receiver): Promise<Stripe.Event[]> {
  await fake.settled();
  return receiver.received.map((r) => Stripe.webhooks.constructEvent(r.raw, r.signature, fake.webhookSecret));
}

/** The buyer submits the hosted page's form, as a browser would. */
export function submitPayPage(session: Stripe.Checkout.Session, card: string): Promise<Response> {
  return fetch(session.url!, {
    method: 'POST',
    body: new URLSearchParams({ card, email: 'buyer@example.com', name: 'Ada Buyer' }),
    redirect: 'manual',
  });
}

export function paymentSession(
  stripe: Stripe,
  extra: Partial<Stripe.Checkout.SessionCreateParams> = {},
): Promise<Stripe.Checkout.Session> {
  return stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      { price_data: { currency: 'usd', unit_amount: 1200, product_data: { name: 'Mug' } }, quantity: 2 },
      {
        price_data: { currency: 'usd', unit_amount: 2600, product_data: { name: 'Tea <Earl Grey>' } },
        quantity: 1,
      },
    ],
    success_url: 'https://shop.example/thanks?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://shop.example/cart',
    ...extra,
  });
}

/** The id a reference field holds, whether or not it was expanded. */
export function idOf(ref: string | { id?: string } | null | undefined): string {
  const id = typeof ref === 'string' ? ref : ref?.id;
  if (!id) throw new Error('expected a reference');
  return id;
}

/** Runs `fn`, which must reject; answers the error for assertions. */
export async function rejection(fn: () => Promise<unknown>): Promise<Error> {
  try {
    await fn();
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected a rejection');
}
