import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useAuth, useSite } from '@plaza/react';
import { isStaff } from '../auth/session.js';
import { Skeleton } from '../ui/Skeleton.js';
import { MenuIcon, CloseIcon } from '../ui/icons.js';
import { cx } from '../ui/cx.js';
import { AuthMenu } from './AuthMenu.js';
import { CartButton, CartDrawerHost } from './CartButton.js';

const home = { to: '/', label: 'Home', end: true };
const shop = { to: '/products', label: 'Shop', end: false };
const plans = { to: '/plans', label: 'Plans', end: false };
const community = { to: '/members', label: 'Community', end: false };
// Only the owner and contributors see the way to the dashboard.
const dashboard = { to: '/admin', label: 'Dashboard', end: false };

function navClass({ isActive }: { isActive: boolean }) {
  return cx(
    'rounded-md px-3 py-2 text-sm font-medium',
    isActive ? 'text-accent-ink bg-accent-soft' : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900',
  );
}

export function StorefrontLayout() {
  const { data: site, isPending } = useSite();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  const links = isStaff(useAuth().member) ? [home, shop, plans, community, dashboard] : [home, shop, plans, community];
  // Navigating closes the mobile menu.
  useEffect(() => setMenuOpen(false), [pathname]);
  const name = site?.name ?? 'Plaza';
  useEffect(() => {
    document.title = name;
  }, [name]);

  return (
    <div className="flex min-h-dvh flex-col bg-white text-neutral-900">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:rounded focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="border-b border-neutral-200">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
          <Link to="/" className="truncate text-lg font-semibold tracking-tight text-neutral-900">
            {isPending ? <Skeleton className="h-6 w-32" /> : name}
          </Link>
          <div className="hidden items-center gap-4 md:flex">
            <nav aria-label="Main" className="flex items-center gap-1">
              {links.map((l) => (
                <NavLink key={l.to} to={l.to} end={l.end} className={navClass}>
                  {l.label}
                </NavLink>
              ))}
            </nav>
            <AuthMenu />
            <CartButton />
          </div>
          <div className="flex items-center gap-1 md:hidden">
            <CartButton />
            <button
              type="button"
              className="inline-flex h-10 w-10 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100 md:hidden"
              aria-expanded={menuOpen}
              aria-controls="mobile-nav"
              aria-label={menuOpen ? 'Close menu' : 'Open menu'}
              onClick={() => setMenuOpen((o) => !o)}
            >
              {menuOpen ? <CloseIcon /> : <MenuIcon />}
            </button>
          </div>
        </div>
        {menuOpen && (
          <nav id="mobile-nav" aria-label="Main" className="border-t border-neutral-200 px-4 py-2 md:hidden">
            <ul className="flex flex-col gap-1">
              {links.map((l) => (
                <li key={l.to}>
                  <NavLink to={l.to} end={l.end} className={(s) => cx(navClass(s), 'block')}>
                    {l.label}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="mt-2 border-t border-neutral-200 pt-3 pb-1">
              <AuthMenu stacked />
            </div>
          </nav>
        )}
      </header>
      <CartDrawerHost />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="border-t border-neutral-200 bg-neutral-50">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm text-neutral-600 sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {new Date().getFullYear()} {name}
          </p>
          <p>Powered by Plaza</p>
        </div>
      </footer>
    </div>
  );
}
