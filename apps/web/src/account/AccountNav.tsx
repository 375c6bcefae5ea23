import { NavLink } from 'react-router';
import { cx } from '../ui/cx.js';

// In the order of the account menu (MemberMenu.tsx): what was bought first, then the member's own settings.
const tabs = [
  { to: '/account/orders', label: 'Orders' },
  { to: '/account/subscriptions', label: 'Subscriptions' },
  { to: '/account/downloads', label: 'Downloads' },
  { to: '/account/profile', label: 'Profile' },
  { to: '/account/security', label: 'Security' },
];

/** The account pages' tabs. */
export function AccountNav() {
  return (
    <nav aria-label="Account" className="mb-6 flex flex-wrap gap-x-1 border-b border-neutral-200">
      {tabs.map((t) => (
        <NavLink
          key={t.to}
          to={t.to}
          className={({ isActive }) =>
            cx(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              isActive
                ? 'border-accent text-accent-ink'
                : 'border-transparent text-neutral-600 hover:border-neutral-300 hover:text-neutral-900',
            )
          }
        >
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
