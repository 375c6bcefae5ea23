import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useSite } from '@plaza/react';
import { Search } from 'lucide-react';
import { CloseIcon, MenuIcon } from '../ui/icons.js';
import { CommandPalette } from './CommandPalette.js';
import { Sidebar } from './Sidebar.js';
import { TestModeBanner } from './TestModeBanner.js';
import { keepFocusClearOfStickyBars } from '../ui/keepFocusClear.js';
import { useWaitingCounts } from './waiting.js';

export function AdminLayout() {
  const { data: site } = useSite();
  const siteName = site?.name ?? 'Plaza';
  const counts = useWaitingCounts();
  const { open, setOpen, searching, setSearching, search } = useMenuAndSearch();
  // Only the dashboard has sticky bars (save bar, phone header, selection bar); the storefront skips the listener.
  useEffect(keepFocusClearOfStickyBars, []);

  return (
    // Printed (a packing slip), the page is only its content: no sidebar, header or grey.
    <div className="min-h-dvh bg-neutral-50 text-neutral-900 md:grid md:grid-cols-[15rem_minmax(0,1fr)] print:block! print:bg-white">
      {/* Desktop: a fixed column. Mobile: a drawer over the page. */}
      <aside className="hidden border-r border-neutral-200 bg-white md:block print:hidden!">
        <div className="sticky top-0 h-dvh">
          <Sidebar siteName={siteName} counts={counts} onSearch={search} />
        </div>
      </aside>
      {open && (
        <div className="fixed inset-0 z-40 md:hidden">
          <div className="absolute inset-0 bg-neutral-900/40" aria-hidden="true" onClick={() => setOpen(false)} />
          <aside id="admin-drawer" className="absolute inset-y-0 left-0 w-72 max-w-[85vw] bg-white shadow-xl">
            <Sidebar siteName={siteName} counts={counts} onSearch={search} />
            <button
              type="button"
              className="absolute top-3 right-3 inline-flex h-10 w-10 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
              aria-label="Close menu"
              onClick={() => setOpen(false)}
            >
              <CloseIcon />
            </button>
          </aside>
        </div>
      )}
      <div className="min-w-0">
        <PhoneHeader siteName={siteName} menuOpen={open} onMenu={() => setOpen(true)} onSearch={search} />
        <TestModeBanner />
        <div className="mx-auto max-w-6xl px-4 py-6 sm:px-8 sm:py-8 print:max-w-none print:p-0!">
          <main>
            <Outlet />
          </main>
        </div>
      </div>
      <CommandPalette open={searching} onClose={() => setSearching(false)} />
    </div>
  );
}

/**
 * The phone menu drawer and the search palette: Ctrl+K (Cmd+K on a Mac) opens the search from anywhere, a new page
 * or Escape closes the menu.
 */
function useMenuAndSearch() {
  const [open, setOpen] = useState(false);
  const [searching, setSearching] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'k' || !(e.ctrlKey || e.metaKey)) return;
      e.preventDefault();
      setOpen(false);
      setSearching(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const search = () => {
    setOpen(false);
    setSearching(true);
  };
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return { open, setOpen, searching, setSearching, search };
}

/** On phones: the menu button, the site's name and the search button, stuck to the top. */
function PhoneHeader({
  siteName,
  menuOpen,
  onMenu,
  onSearch,
}: {
  siteName: string;
  menuOpen: boolean;
  onMenu: () => void;
  onSearch: () => void;
}) {
  return (
    <header
      data-sticky="top"
      className="sticky top-0 z-30 flex h-14 items-center gap-3 border-b border-neutral-200 bg-white px-4 md:hidden print:hidden"
    >
      <button
        type="button"
        className="inline-flex h-10 w-10 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
        aria-label="Open menu"
        aria-expanded={menuOpen}
        aria-controls="admin-drawer"
        onClick={onMenu}
      >
        <MenuIcon />
      </button>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold">{siteName}</span>
        <span className="block text-xs text-neutral-500">Dashboard</span>
      </span>
      <button
        type="button"
        className="inline-flex h-10 w-10 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
        aria-label="Search or jump to"
        onClick={onSearch}
      >
        <Search className="h-5 w-5" aria-hidden />
      </button>
    </header>
  );
}
