/**
 * The member's account pages, in the order the account tabs and the header's account menu show them: what was
 * bought first, then the member's own settings.
 */
export const ACCOUNT_PAGES = [
  { to: '/account/orders', label: 'Orders' },
  { to: '/account/subscriptions', label: 'Subscriptions' },
  { to: '/account/plans', label: 'My plans' },
  { to: '/account/downloads', label: 'Downloads' },
  { to: '/account/profile', label: 'Profile' },
  { to: '/account/security', label: 'Security' },
] as const;
