import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { ArrowLeft, ChevronDown, LogOut, Search } from 'lucide-react';
import { useAuth } from '@plaza/react';
import { cx } from '../ui/cx.js';
import { currentGroup, loadFolded, saveFolded, visibleNav, type AdminNavGroup } from './nav.js';
import type { WaitingCounts } from './waiting.js';

const number = new Intl.NumberFormat();
const rowClass = 'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium';

/**
 * The dashboard's navigation in groups that fold (remembered per browser; the current screen's group stays open),
 * each link with its icon and, for a queue, how many items wait in it. The current screen is scrolled into view.
 */
export function Sidebar({
  siteName,
  counts,
  groups = visibleNav(),
  onSearch,
}: {
  siteName: string;
  counts: WaitingCounts;
  groups?: AdminNavGroup[];
  /** Opens the search (command palette); without it the button is left out. */
  onSearch?: () => void;
}) {
  const { pathname } = useLocation();
  const [folded, setFolded] = useState(loadFolded);
  const navRef = useRef<HTMLElement>(null);
  const here = currentGroup(groups, pathname);
  const toggle = (label: string) =>
    setFolded((f) => {
      const next = f.includes(label) ? f.filter((l) => l !== label) : [...f, label];
      saveFolded(next);
      return next;
    });
  useEffect(() => {
    navRef.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
  }, [pathname]);
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center border-b border-neutral-200 px-5">
        <Link to="/admin" className="min-w-0" title={siteName}>
          <span className="block truncate text-sm font-semibold text-neutral-900">{siteName}</span>
          <span className="block text-xs text-neutral-500">Dashboard</span>
        </Link>
      </div>
      {onSearch && <SearchButton onSearch={onSearch} />}
      {/* A shadow at the foot says more links are below. */}
      <nav
        ref={navRef}
        aria-label="Dashboard"
        className="flex-1 space-y-3 overflow-y-auto p-3 [mask-image:linear-gradient(to_bottom,black_calc(100%-2rem),transparent)] pb-8"
      >
        {groups.map((group, i) => (
          <NavGroup
            key={group.label ?? i}
            group={group}
            listId={`nav-group-${i}`}
            open={!group.label || group.label === here || !folded.includes(group.label)}
            current={group.label === here}
            counts={counts}
            onToggle={() => toggle(group.label!)}
          />
        ))}
      </nav>
      <SidebarFooter />
    </div>
  );
}

function SearchButton({ onSearch }: { onSearch: () => void }) {
  return (
    <div className="shrink-0 px-3 pt-3">
      <button
        type="button"
        onClick={onSearch}
        className="flex w-full items-center gap-2 rounded-md border border-neutral-300 px-3 py-2 text-sm text-neutral-600 hover:bg-neutral-50"
      >
        <Search className="h-4 w-4 shrink-0" aria-hidden />
        <span className="flex-1 text-left whitespace-nowrap">Search…</span>
        <kbd className="hidden rounded border border-neutral-300 px-1.5 text-[11px] text-neutral-500 md:inline">
          Ctrl K
        </kbd>
      </button>
    </div>
  );
}

/** One group of links; its heading folds it, except the group of the screen you are on. */
function NavGroup({
  group,
  listId,
  open,
  current,
  counts,
  onToggle,
}: {
  group: AdminNavGroup;
  listId: string;
  open: boolean;
  current: boolean;
  counts: WaitingCounts;
  onToggle: () => void;
}) {
  return (
    <div role="group" aria-label={group.label}>
      {group.label && (
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          disabled={current}
          title={current ? 'The screen you are on is in this group' : undefined}
          onClick={onToggle}
          className="mb-1 flex w-full items-center justify-between rounded-md px-3 py-1 text-[11px] font-semibold tracking-wide text-neutral-500 uppercase hover:bg-neutral-100 disabled:hover:bg-transparent"
        >
          {group.label}
          <ChevronDown className={cx('h-4 w-4 transition-transform', !open && '-rotate-90')} aria-hidden />
        </button>
      )}
      <ul id={listId} hidden={!open} className="space-y-0.5">
        {group.items.map((item) => (
          <NavItem key={item.to} item={item} waiting={item.count ? counts[item.count] : undefined} />
        ))}
      </ul>
    </div>
  );
}

/** A link with its icon and, for a queue, how many items wait in it. */
function NavItem({ item, waiting }: { item: AdminNavGroup['items'][number]; waiting: number | undefined }) {
  const { label, to, icon: Icon, count } = item;
  return (
    <li>
      <NavLink
        to={to}
        end
        className={({ isActive }) =>
          cx(
            rowClass,
            isActive
              ? 'bg-accent-soft text-accent-ink'
              : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900',
          )
        }
      >
        <Icon className="h-4 w-4 shrink-0" aria-hidden />
        <span className="flex-1 truncate">{label}</span>
        {waiting ? (
          <span
            data-testid={`waiting-${count}`}
            className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-white tabular-nums"
          >
            <span className="sr-only">, </span>
            {number.format(waiting)}
            <span className="sr-only"> waiting</span>
          </span>
        ) : null}
      </NavLink>
    </li>
  );
}

/** Who is signed in, and the ways out: back to the store, or log out. */
function SidebarFooter() {
  const { member } = useAuth();
  return (
    <div className="space-y-1 border-t border-neutral-200 p-3">
      <p className="px-3 pt-1 text-xs text-neutral-500">
        {member?.role === 'CONTRIBUTOR' ? 'Contributor' : 'Owner'}
        <span className="block truncate text-sm text-neutral-900" title={member?.email} data-testid="admin-email">
          {member?.email ?? '…'}
        </span>
      </p>
      <Link to="/" className={cx(rowClass, 'font-normal text-neutral-700 hover:bg-neutral-100')}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        View the store
      </Link>
      <Link
        to={`/auth/logout?returnTo=${encodeURIComponent('/')}`}
        className={cx(rowClass, 'font-normal text-neutral-700 hover:bg-neutral-100')}
      >
        <LogOut className="h-4 w-4" aria-hidden />
        Log out
      </Link>
    </div>
  );
}
