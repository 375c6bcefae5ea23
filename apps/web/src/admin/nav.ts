export interface AdminNavItem {
  label: string;
  /** Absent while the screen is not built yet: shown disabled, never as a fake page. */
  to?: string;
}

export const adminNav: AdminNavItem[] = [
  { label: 'Overview', to: '/admin' },
  { label: 'Members' },
  { label: 'Reviews' },
  { label: 'Products' },
  { label: 'Orders' },
  { label: 'Media' },
  { label: 'Settings', to: '/admin/settings' },
  { label: 'API keys' },
];
