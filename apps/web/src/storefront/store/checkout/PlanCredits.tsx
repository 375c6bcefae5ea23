import { useState } from 'react';
import type { Checkout, UpdateCheckoutRequest } from '@plaza/contracts';
import { CheckboxField } from '../../../ui/CheckboxField.js';
import { Section } from './sections.js';
import { useCheckoutChange } from './useCheckout.js';

type Eligible = Checkout['membershipOptions']['eligibleMemberships'][number];
type Selected = NonNullable<Checkout['membershipOptions']['selectedMemberships']>['memberships'][number];

/** The change that uses exactly these memberships' credits (an empty list pays every line in money). */
const selectionRequest = (memberships: Selected[]): UpdateCheckoutRequest => ({
  checkout: { membershipOptions: { selectedMemberships: { memberships } } },
});

/**
 * "Use my Coffee club (3 left)": where the member's plan has credits for lines of this checkout, a box per plan;
 * ticking it pays those lines with credits. Nothing when no plan applies.
 */
export function PlanCreditsSection({ checkout }: { checkout: Checkout }) {
  const { eligibleMemberships: eligible, invalidMemberships: invalid } = checkout.membershipOptions;
  const change = useCheckoutChange(checkout.id);
  // The box follows the click at once; the checkout's answer then confirms it (or the refusal shows under it).
  const [intent, setIntent] = useState<{ id: string; on: boolean } | null>(null);
  if (!eligible.length && !invalid.length) return null;
  const selected = checkout.membershipOptions.selectedMemberships?.memberships ?? [];
  const lineName = (id: string) => checkout.lineItems.find((l) => l.id === id)?.productName;
  const toggle = (e: Eligible, on: boolean) => {
    const others = selected.filter((s) => s.id !== e.id);
    const next = on ? [...others, { id: e.id, appId: e.appId, lineItemIds: e.lineItemIds }] : others;
    setIntent({ id: e.id, on });
    change.mutate({ kind: 'update', request: selectionRequest(next) }, { onSettled: () => setIntent(null) });
  };
  return (
    <Section title="Your plans" error={change.error}>
      {eligible.map((e) => {
        const left = e.credits?.remaining;
        const lines = e.lineItemIds.map(lineName).filter(Boolean);
        return (
          <CheckboxField
            key={e.id}
            label={`Use my ${e.name.original}${left !== undefined ? ` (${left} left)` : ''}`}
            hint={lines.length ? `Pays for: ${lines.join(', ')}` : undefined}
            checked={intent?.id === e.id ? intent.on : selected.some((s) => s.id === e.id)}
            onChange={(on) => toggle(e, on)}
          />
        );
      })}
      {invalid.map((i) => (
        <p key={i.membership.id} className="text-sm text-neutral-600">
          {i.membership.name.original}: {i.reason}
        </p>
      ))}
    </Section>
  );
}
