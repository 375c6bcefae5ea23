import { NavLink } from 'react-router';
import { cx } from '../ui/cx.js';
import { ACCOUNT_PAGES } from './accountPages.js';

/** The account pages' tabs. */
export function AccountNav() {
  return (
    <nav aria-label="Account" className="mb-6 flex flex-wrap gap-x-1 border-b border-neutral-200">
      {ACCOUNT_PAGES.map((t) => (
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
