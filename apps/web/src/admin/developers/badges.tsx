import type {
  ServicePluginCallOutcome,
  ServicePluginImplementation,
  ServicePluginType,
  WebhookDelivery,
  WebhookSubscription,
} from '@plaza/contracts';
import { Badge } from '../../ui/Badge.js';

type Tone = 'neutral' | 'success' | 'warning' | 'danger';

/**
 * A delivery as the owner sees it: Delivered, Failed, and for one still waiting whether it is being retried, held
 * by a paused webhook, or on its way.
 */
export function deliveryState(
  delivery: Pick<WebhookDelivery, 'status' | 'attempts'>,
  subscription?: Pick<WebhookSubscription, 'status'>,
): { label: string; tone: Tone } {
  if (delivery.status === 'SUCCEEDED') return { label: 'Delivered', tone: 'success' };
  if (delivery.status === 'FAILED') return { label: 'Failed', tone: 'danger' };
  if (subscription?.status === 'PAUSED') return { label: 'Paused', tone: 'neutral' };
  if (delivery.attempts > 0) return { label: 'Retrying', tone: 'warning' };
  return { label: 'Sending', tone: 'neutral' };
}

export function DeliveryBadge(props: Parameters<typeof deliveryState>[0] & { subscription?: WebhookSubscription }) {
  const { label, tone } = deliveryState(props, props.subscription);
  return <Badge tone={tone}>{label}</Badge>;
}

/** Active, Paused (by the owner, or because it kept failing) or Off. */
export function subscriptionState(s: WebhookSubscription): { label: string; tone: Tone } {
  if (!s.enabled) return { label: 'Off', tone: 'neutral' };
  if (s.status === 'PAUSED')
    return s.pausedReason === 'FAILING'
      ? { label: 'Paused after failures', tone: 'danger' }
      : { label: 'Paused', tone: 'warning' };
  return { label: 'Active', tone: 'success' };
}

export function SubscriptionBadge({ subscription }: { subscription: WebhookSubscription }) {
  const { label, tone } = subscriptionState(subscription);
  return <Badge tone={tone}>{label}</Badge>;
}

/** The plugin types in words; written out because the contracts' list comes with their schemas. */
export const PLUGIN_TYPES: Array<{ type: ServicePluginType; label: string; description: string }> = [
  { type: 'SHIPPING_RATES', label: 'Shipping rates', description: 'Your app quotes delivery options and prices.' },
  { type: 'ADDITIONAL_FEES', label: 'Extra fees', description: 'Your app adds fees, such as packaging, to a cart.' },
  { type: 'VALIDATIONS', label: 'Checkout checks', description: 'Your app can stop a checkout with a message.' },
  { type: 'TAX_CALCULATION', label: 'Tax', description: 'Your app calculates the tax of each line.' },
  { type: 'CUSTOM_TRIGGERS', label: 'Discount triggers', description: 'Your app decides when a discount applies.' },
  {
    type: 'PAYMENT_PROVIDER',
    label: 'Card payments',
    description: 'Your app takes card payments with its own payment form.',
  },
];

export const pluginTypeLabel = (type: ServicePluginType) => PLUGIN_TYPES.find((p) => p.type === type)?.label ?? type;

const OUTCOMES: Record<ServicePluginCallOutcome, { label: string; tone: Tone }> = {
  OK: { label: 'Answered', tone: 'success' },
  APP_ERROR: { label: 'App refused', tone: 'warning' },
  TIMEOUT: { label: 'Timed out', tone: 'danger' },
  UNREACHABLE: { label: 'Could not connect', tone: 'danger' },
  BAD_RESPONSE: { label: 'Unusable answer', tone: 'danger' },
  CIRCUIT_OPEN: { label: 'Skipped while failing', tone: 'danger' },
  NOT_REGISTERED: { label: 'Not registered', tone: 'neutral' },
};

export function OutcomeBadge({ outcome }: { outcome: ServicePluginCallOutcome }) {
  const { label, tone } = OUTCOMES[outcome] ?? { label: outcome, tone: 'neutral' as const };
  return <Badge tone={tone}>{label}</Badge>;
}

export const outcomeLabel = (outcome: ServicePluginCallOutcome) => OUTCOMES[outcome]?.label ?? outcome;

/** On, Off, or "Resting" while the circuit breaker holds calls back after repeated failures. */
export function PluginBadge({ implementation }: { implementation: ServicePluginImplementation }) {
  if (!implementation.enabled) return <Badge>Off</Badge>;
  if (implementation.circuit === 'OPEN') return <Badge tone="danger">Resting after failures</Badge>;
  return <Badge tone="success">On</Badge>;
}
