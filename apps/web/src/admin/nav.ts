import type { ComponentType } from 'react';
import {
  Flag,
  HeartHandshake,
  KeyRound,
  LayoutDashboard,
  LogIn,
  Mail,
  MessageSquareQuote,
  Plug,
  Puzzle,
  Send,
  Settings,
  ShieldCheck,
  UserCheck,
  Users,
  Webhook,
} from 'lucide-react';
import type { WaitingCounts } from './waiting.js';

export interface AdminNavItem {
  label: string;
  to: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  /** The queue whose waiting count the link shows. */
  count?: keyof WaitingCounts;
}

export interface AdminNavGroup {
  /** Absent for the top entries (the overview). */
  label?: string;
  items: AdminNavItem[];
}

/**
 * The dashboard's sidebar. Only screens that exist are listed: a group without screens (Store, Content) is left out
 * until its screens land, never shown as a placeholder.
 */
export const adminNav: AdminNavGroup[] = [
  { items: [{ label: 'Overview', to: '/admin', icon: LayoutDashboard }] },
  { label: 'Store', items: [] },
  {
    label: 'Community',
    items: [
      { label: 'Members', to: '/admin/members', icon: Users },
      { label: 'Approvals', to: '/admin/approvals', icon: UserCheck, count: 'approvals' },
      { label: 'Reports', to: '/admin/reports', icon: Flag, count: 'reports' },
      { label: 'Reviews', to: '/admin/reviews', icon: MessageSquareQuote, count: 'reviews' },
      { label: 'Review requests', to: '/admin/review-requests', icon: Send },
    ],
  },
  { label: 'Content', items: [] },
  {
    label: 'Settings',
    items: [
      { label: 'General', to: '/admin/settings', icon: Settings },
      { label: 'Sign-in', to: '/admin/settings/sign-in', icon: LogIn },
      { label: 'Community', to: '/admin/settings/community', icon: HeartHandshake },
      { label: 'Single sign-on', to: '/admin/sso', icon: ShieldCheck },
    ],
  },
  {
    label: 'Developers',
    items: [
      { label: 'API keys', to: '/admin/api-keys', icon: KeyRound },
      { label: 'OAuth clients', to: '/admin/oauth-clients', icon: Plug },
      { label: 'Webhooks', to: '/admin/webhooks', icon: Webhook },
      { label: 'Service plugins', to: '/admin/service-plugins', icon: Puzzle },
      { label: 'Mailbox', to: '/admin/mailbox', icon: Mail },
    ],
  },
];

/** The groups to show: those with at least one screen. */
export const visibleNav = (groups: AdminNavGroup[] = adminNav) => groups.filter((g) => g.items.length > 0);
