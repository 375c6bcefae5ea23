import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { useSite } from '@plaza/react';

/**
 * The frame of the hosted pages (login, logout, callback): just the site's name, no storefront navigation, because
 * another app may have sent the person here.
 */
export function HostedLayout() {
  const { data: site } = useSite();
  const name = site?.name ?? 'Plaza';
  useEffect(() => {
    document.title = `Sign in · ${name}`;
  }, [name]);
  return (
    <div className="flex min-h-dvh flex-col bg-neutral-50 text-neutral-900">
      <header className="px-4 pt-8 text-center">
        <a href="/" className="text-lg font-semibold tracking-tight text-neutral-900">
          {name}
        </a>
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <footer className="px-4 pb-6 text-center text-xs text-neutral-500">Secured by Plaza</footer>
    </div>
  );
}
