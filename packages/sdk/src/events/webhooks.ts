import type { EventOf, EventType } from '@plaza/contracts';
import { verifyJwt, type KeyOptions } from './jwt.js';

/** The dashboard's "send a test event" type. */
export type TestEventType = 'webhooks.subscription.test';
export type WebhookEventType = EventType | TestEventType;
/** The envelope of `T`, typed from the contracts' catalogue (the test event's body is not typed). */
export type WebhookEvent<T extends WebhookEventType> = T extends EventType
  ? EventOf<T>
  : { id: string; eventType: T; entityId: string; eventTime: string; actionEvent?: { body: unknown } };

export interface Webhooks {
  /** Registers the handler of an event type; the event it gets is typed from the catalogue. */
  on<T extends WebhookEventType>(type: T, handler: (event: WebhookEvent<T>) => unknown): Webhooks;
  /**
   * Verifies a webhook body (the JWT Plaza POSTs), checks its event type against the registered handlers and runs
   * them. Resolves to the event. Throws `JWT is not valid` or `Unexpected event type: X. Expected one of: A, B`.
   * Delivery is at least once: drop an event whose `id` you have already handled.
   */
  process(jwt: string, keys: KeyOptions): Promise<WebhookEvent<WebhookEventType>>;
}

/** A fresh set of webhook handlers (use one per app; `webhooks` is a ready-made one). */
export function createWebhooks(): Webhooks {
  const handlers = new Map<string, Array<(event: never) => unknown>>();
  const self: Webhooks = {
    on(type, handler) {
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
      return self;
    },
    async process(jwt, keys) {
      const event = await verifyJwt<WebhookEvent<WebhookEventType>>(jwt, keys);
      const list = handlers.get(event.eventType);
      if (!list)
        throw new Error(
          `Unexpected event type: ${event.eventType}. Expected one of: ${[...handlers.keys()].join(', ')}`,
        );
      for (const handler of list) await handler(event as never);
      return event;
    },
  };
  return self;
}
