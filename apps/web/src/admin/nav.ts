import type { ComponentType } from 'react';
import {
  BadgePercent,
  BellRing,
  Braces,
  ClipboardList,
  CreditCard,
  Container,
  Crown,
  Flag,
  FolderTree,
  Gift,
  HandCoins,
  HeartHandshake,
  Images,
  KeyRound,
  Link2,
  LayoutDashboard,
  Library,
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
      { label: 'Plans', to: '/admin/store/plans', icon: Crown },
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
  {
    label: 'Content',
    items: [
      { label: 'Media', to: '/admin/media', icon: Images },
      { label: 'Brand library', to: '/admin/media/brand-library', icon: Library },
    ],
  },
  {
    label: 'Settings',
    items: [
      { label: 'General', to: '/admin/settings', icon: Settings },
      { label: 'Sign-in', to: '/admin/settings/sign-in', icon: LogIn },
      { label: 'Community', to: '/admin/settings/community', icon: HeartHandshake },
      { label: 'Checkout', to: '/admin/settings/checkout', icon: ShoppingCart },
      { label: 'Payments', to: '/admin/settings/payments', icon: CreditCard },
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
      // Outside the dashboard's frame: GraphiQL takes the whole window (its own chunk, see router.tsx).
      { label: 'GraphQL explorer', to: '/graphql/alpha', icon: Braces },
    ],
  },
];

/** The groups to show: those with at least one screen. */
export const visibleNav = (groups: AdminNavGroup[] = adminNav) => groups.filter((g) => g.items.length > 0);

/** The screen a path belongs to: the item whose address is the longest prefix of it (`/admin` only for itself). */
export function currentItem(groups: AdminNavGroup[], pathname: string): AdminNavItem | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: AdminNavItem | undefined;
  for (const item of groups.flatMap((g) => g.items)) {
    const hit = item.to === '/admin' ? path === '/admin' : path === item.to || path.startsWith(`${item.to}/`);
    if (hit && (!best || item.to.length > best.to.length)) best = item;
  }
  return best;
}

/** The label of the group holding the current screen: that group is always open. */
export const currentGroup = (groups: AdminNavGroup[], pathname: string) => {
  const item = currentItem(groups, pathname);
  return groups.find((g) => item && g.items.includes(item))?.label;
};

/** Screens whose name (or group name) holds every word typed, in sidebar order. */
export function matchScreens(groups: AdminNavGroup[], text: string): (AdminNavItem & { group?: string })[] {
  const words = text.toLowerCase().split(/\s+/).filter(Boolean);
  return groups
    .flatMap((g) => g.items.map((item) => ({ ...item, group: g.label })))
    .filter((s) => words.every((w) => `${s.label} ${s.group ?? ''}`.toLowerCase().includes(w)));
}

const FOLDED_KEY = 'plaza.admin.folded';

/** The groups this browser folded (kept per browser, like a preference). */
export function loadFolded(): string[] {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(FOLDED_KEY) ?? '[]');
    return Array.isArray(saved) ? saved.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

export function saveFolded(folded: string[]): void {
  try {
    localStorage.setItem(FOLDED_KEY, JSON.stringify(folded));
  } catch {
    // storage unavailable: folding lasts until the page is left
  }
}
