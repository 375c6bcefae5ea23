import { Link, NavLink } from 'react-router';
import { useAuth } from '@plaza/react';
import { cx } from '../ui/cx.js';
import { adminNav } from './nav.js';

export function Sidebar({ siteName }: { siteName: string }) {
  const { member } = useAuth();
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-16 items-center border-b border-neutral-200 px-5">
        <Link to="/admin" className="min-w-0" title={siteName}>
          <span className="block truncate text-sm font-semibold text-neutral-900">{siteName}</span>
          <span className="block text-xs text-neutral-500">Dashboard</span>
        </Link>
      </div>
      <nav aria-label="Dashboard" className="flex-1 overflow-y-auto p-3">
        <ul className="space-y-0.5">
          {adminNav.map((item) => (
            <li key={item.label}>
              {item.to ? (
                <NavLink
                  to={item.to}
                  end
                  className={({ isActive }) =>
                    cx(
                      'flex items-center rounded-md px-3 py-2 text-sm font-medium',
                      isActive
                        ? 'bg-accent-soft text-accent-ink'
                        : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900',
                    )
                  }
                >
                  {item.label}
                </NavLink>
              ) : (
                <span
                  aria-disabled="true"
                  title="Coming soon"
                  className="flex cursor-not-allowed items-center justify-between rounded-md px-3 py-2 text-sm text-neutral-400"
                >
                  {item.label}
                  <span className="rounded bg-neutral-100 px-1.5 py-0.5 text-[11px] font-medium text-neutral-500">
                    Soon
                  </span>
                </span>
              )}
            </li>
          ))}
        </ul>
      </nav>
      <div className="space-y-1 border-t border-neutral-200 p-3">
        <p className="px-3 pt-1 text-xs text-neutral-500">
          {member?.role === 'CONTRIBUTOR' ? 'Contributor' : 'Owner'}
          <span className="block truncate text-sm text-neutral-900" title={member?.email} data-testid="admin-email">
            {member?.email ?? '…'}
          </span>
        </p>
        <Link to="/" className="block rounded-md px-3 py-2 text-sm text-neutral-700 hover:bg-neutral-100">
          ← View the store
        </Link>
        <Link
          to={`/auth/logout?returnTo=${encodeURIComponent('/')}`}
          className="block rounded-md px-3 py-2 text-sm text-neutral-700 hover:bg-neutral-100"
        >
          Log out
        </Link>
      </div>
    </div>
  );
}
