import { useQueryClient } from '@tanstack/react-query';
import { paymentQueries, usePlazaMutation, type FetchClient, type MutationFactory } from '@plaza/react';
import type { CaptureMethod, PaymentMode, StripeSettings } from '@plaza/sdk/ecom';
import { Badge } from '../../../ui/Badge.js';
import type { ChoiceCard } from '../../ui/ChoiceCards.js';
import { CopyableValue } from '../../ui/CopyableValue.js';

export const CAPTURE_CHOICES: Array<ChoiceCard<CaptureMethod>> = [
  { value: 'AUTOMATIC', label: 'Automatically', hint: 'The money is taken as soon as the buyer pays.' },
  {
    value: 'MANUAL',
    label: 'When I capture them',
    hint: 'The bank only sets the money aside; you take it from the order within 7 days, or release it.',
  },
];

/** The events Plaza acts on: the endpoint in Stripe must send at least these. */
const WEBHOOK_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
  'payment_intent.succeeded',
  'payment_intent.amount_capturable_updated',
  'charge.refunded',
  'refund.created',
  'refund.updated',
  'charge.dispute.created',
  'charge.dispute.updated',
  'charge.dispute.closed',
  'charge.dispute.funds_withdrawn',
  'charge.dispute.funds_reinstated',
];

/** Whether buyers pay real money: amber for test mode, green for live. */
export function ModeBadge({ mode }: { mode: PaymentMode | undefined }) {
  return mode === 'LIVE' ? <Badge tone="success">Live</Badge> : <Badge tone="warning">Test mode</Badge>;
}

/** The address to register in Stripe as a webhook endpoint, with Copy, where to do it, and which events to pick. */
export function WebhookAddress({ url }: { url: string }) {
  return (
    <div className="space-y-2 text-sm">
      <p className="font-medium text-neutral-800">Webhook address</p>
      <CopyableValue value={url} testId="stripe-webhook-url" className="rounded-md bg-neutral-100 p-2" />
      <p className="text-neutral-700">
        In Stripe: Developers → Webhooks → Add endpoint, then copy its signing secret here.
      </p>
      <details className="text-neutral-700">
        <summary className="cursor-pointer font-medium text-accent">Which events to send</summary>
        <p className="mt-1">All events work; these are the ones your shop listens to:</p>
        <ul className="mt-1 list-disc pl-5 font-mono text-xs break-all">
          {WEBHOOK_EVENTS.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      </details>
    </div>
  );
}

/**
 * A change to the Stripe connection whose answer is the connection as saved: it is shown at once, without waiting
 * for the settings to be read again (the page must not flash the form it just left). `onSaved` runs here rather than
 * in `mutate`'s own callbacks: the screen that sent the change is gone by then.
 */
export function useStripeMutation<V>(
  factory: MutationFactory<FetchClient, V, StripeSettings>,
  onSaved: (settings: StripeSettings) => void,
) {
  const queryClient = useQueryClient();
  return usePlazaMutation(factory, {
    onSuccess: (stripe) => {
      queryClient.setQueryData(paymentQueries.stripeKey(), stripe);
      onSaved(stripe);
    },
  });
}
