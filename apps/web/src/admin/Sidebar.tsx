import { Link, NavLink } from 'react-router';
import { ArrowLeft, LogOut } from 'lucide-react';
import { useAuth } from '@plaza/react';
import { cx } from '../ui/cx.js';
import { visibleNav, type AdminNavGroup } from './nav.js';
import type { WaitingCounts } from './waiting.js';

const number = new Intl.NumberFormat();
const rowClass = 'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium';

/** The dashboard's navigation in groups, each link with its icon and, for a queue, how many items wait in it. */
export function Sidebar({
  siteName,
  counts,
  groups = visibleNav(),
}: {
  siteName: string;
  counts: WaitingCounts;
  groups?: AdminNavGroup[];
}) {
  const { member } = useAuth();
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 shrink-0 items-center border-b border-neutral-200 px-5">
        <Link to="/admin" className="min-w-0" title={siteName}>
          <span className="block truncate text-sm font-semibold text-neutral-900">{siteName}</span>
          <span className="block text-xs text-neutral-500">Dashboard</span>
        </Link>
      </div>
      <nav aria-label="Dashboard" className="flex-1 space-y-5 overflow-y-auto p-3">
        {groups.map((group, i) => (
          <div key={group.label ?? i} role="group" aria-label={group.label}>
            {group.label && (
              <p className="mb-1 px-3 text-[11px] font-semibold tracking-wide text-neutral-500 uppercase">
                {group.label}
              </p>
            )}
            <ul className="space-y-0.5">
              {group.items.map(({ label, to, icon: Icon, count }) => {
                const waiting = count ? counts[count] : undefined;
                return (
                  <li key={to}>
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
              })}
            </ul>
          </div>
        ))}
      </nav>
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
    </div>
  );
}
