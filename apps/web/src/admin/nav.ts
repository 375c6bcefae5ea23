import type { ComponentType } from 'react';
import {
  BadgePercent,
  BellRing,
  ClipboardList,
  Container,
  Flag,
  FolderTree,
  Gift,
  HandCoins,
  HeartHandshake,
  Images,
  KeyRound,
  Link2,
  LayoutDashboard,
  LogIn,
  Mail,
  MessageSquareQuote,
  Package,
  Percent,
  Plug,
  Puzzle,
  Receipt,
  Repeat,
  Send,
  Settings,
  ShieldCheck,
  ShoppingBasket,
  ShoppingCart,
  Tag,
  Truck,
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
 * The dashboard's sidebar. Only screens that exist are listed: a group without screens is left out until its screens
 * land, never shown as a placeholder.
 */
export const adminNav: AdminNavGroup[] = [
  { items: [{ label: 'Overview', to: '/admin', icon: LayoutDashboard }] },
  {
    label: 'Store',
    items: [
      { label: 'Orders', to: '/admin/store/orders', icon: ClipboardList },
      { label: 'Products', to: '/admin/store/products', icon: Package },
      { label: 'Collections', to: '/admin/store/collections', icon: FolderTree },
      { label: 'Discounts', to: '/admin/store/discounts', icon: BadgePercent },
      { label: 'Coupons', to: '/admin/store/coupons', icon: Tag },
      { label: 'Shipping', to: '/admin/store/shipping', icon: Truck },
      { label: 'Carriers', to: '/admin/store/carriers', icon: Container },
      { label: 'Extra fees', to: '/admin/store/fees', icon: Receipt },
      { label: 'Tax', to: '/admin/store/tax', icon: Percent },
      { label: 'Gift cards', to: '/admin/store/gift-cards', icon: Gift },
      { label: 'Buy now links', to: '/admin/store/buy-links', icon: Link2 },
      { label: 'Back in stock', to: '/admin/store/back-in-stock', icon: BellRing },
      { label: 'Subscriptions', to: '/admin/store/subscriptions', icon: Repeat },
      { label: 'Abandoned checkouts', to: '/admin/store/abandoned-checkouts', icon: ShoppingBasket },
    ],
  },
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
  { label: 'Content', items: [{ label: 'Media', to: '/admin/media', icon: Images }] },
  {
    label: 'Settings',
    items: [
      { label: 'General', to: '/admin/settings', icon: Settings },
      { label: 'Sign-in', to: '/admin/settings/sign-in', icon: LogIn },
      { label: 'Community', to: '/admin/settings/community', icon: HeartHandshake },
      { label: 'Checkout', to: '/admin/settings/checkout', icon: ShoppingCart },
      { label: 'Tips', to: '/admin/settings/tips', icon: HandCoins },
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
