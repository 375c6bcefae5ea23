import type { PaymentMethodsResponse, SignInPolicy, Site } from '@plaza/contracts';

export interface SetupItem {
  label: string;
  /** What is set now, or what to do. */
  detail: string;
  done: boolean;
  to: string;
}

// The server's defaults of a new site (site/service.ts); a policy that differs is one the owner chose.
const DEFAULT_POLICY: SignInPolicy = {
  emailVerificationRequired: true,
  ownerApprovalRequired: false,
  captchaMode: 'AFTER_FAILURES',
  captchaAfterFailures: 5,
};

const samePolicy = (a: SignInPolicy, b: SignInPolicy) =>
  (Object.keys(b) as Array<keyof SignInPolicy>).every((k) => a[k] === b[k]);

/** What the Stripe step says: connected (and whether in test mode), or not (or not known: loading, unreadable). */
function paymentsStep(card: PaymentMethodsResponse['card'] | undefined): SetupItem {
  const connected = card?.provider === 'STRIPE';
  const detail = connected
    ? card.testMode
      ? 'Stripe is connected in test mode'
      : 'Stripe is connected'
    : card
      ? 'Buyers can only pay with test cards until you do'
      : 'Let buyers pay with real cards';
  return { label: 'Take real payments: connect Stripe', detail, done: connected, to: '/admin/settings/payments' };
}

/**
 * The overview's setup checklist. Only what the platform can do today is listed: products and shipping join when
 * their screens land, rather than showing as steps nobody can take (docs/decisions.md). `card` is how buyers pay by
 * card (`paymentQueries.methods`), undefined while it loads.
 */
export function setupChecklist(site: Site, currencyName: string, card?: PaymentMethodsResponse['card']): SetupItem[] {
  const policyChosen = !samePolicy(site.signInPolicy, DEFAULT_POLICY) || site.updatedDate !== site.createdDate;
  return [
    { label: 'Name your store', detail: site.name, done: site.name.trim() !== '', to: '/admin/settings' },
    {
      label: 'Choose your currency',
      detail: `${site.currency} · ${currencyName}`,
      done: Boolean(site.currency),
      to: '/admin/settings',
    },
    {
      label: 'Decide how people sign in',
      detail: policyChosen ? 'Your sign-in policy is set' : 'Review e-mail checks, approvals and captchas',
      done: policyChosen,
      to: '/admin/settings/sign-in',
    },
    paymentsStep(card),
  ];
}
