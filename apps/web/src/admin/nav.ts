export interface AdminNavItem {
  label: string;
  /** Absent while the screen is not built yet: shown disabled, never as a fake page. */
  to?: string;
}

export const adminNav: AdminNavItem[] = [
  { label: 'Overview', to: '/admin' },
  { label: 'Members', to: '/admin/members' },
  { label: 'Reports', to: '/admin/reports' },
  { label: 'Approvals', to: '/admin/approvals' },
  { label: 'Reviews', to: '/admin/reviews' },
  { label: 'Review requests', to: '/admin/review-requests' },
  { label: 'Products' },
  { label: 'Orders' },
  { label: 'Media' },
  { label: 'Mailbox', to: '/admin/mailbox' },
  { label: 'Settings', to: '/admin/settings' },
  { label: 'Single sign-on', to: '/admin/sso' },
  { label: 'API keys', to: '/admin/api-keys' },
  { label: 'OAuth clients', to: '/admin/oauth-clients' },
];
