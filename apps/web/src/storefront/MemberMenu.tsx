import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { Member } from '@plaza/contracts';
import { useAuth, useMyMember } from '@plaza/react';
import { ACCOUNT_PAGES } from '../account/accountPages.js';
import { cx } from '../ui/cx.js';
import { ghost } from './menuStyles.js';

// The menu adds the community to the account pages.
const ACCOUNT_LINKS = [...ACCOUNT_PAGES, { to: '/members', label: 'Community' }];

/** The header's sign-in corner for a member: their name (a menu of their account pages) and "Log out". */
export default function MemberMenu({ stacked, className }: { stacked: boolean; className: string }) {
  const { member } = useAuth();
  const name = displayName(useMyMember().data);
  const logOut = (
    <Link to={`/auth/logout?returnTo=${encodeURIComponent('/')}`} className={ghost}>
      Log out
    </Link>
  );
  if (stacked) {
    // The mobile menu lists the account pages outright (Community is already in its main links).
    return (
      <div className={className}>
        <p className="truncate px-3 text-sm text-neutral-600">
          <span data-testid="member-name">{name}</span>
          <Email email={member?.email} />
        </p>
        {ACCOUNT_PAGES.map((l) => (
          <Link key={l.to} to={l.to} className={ghost}>
            {l.label}
          </Link>
        ))}
        {logOut}
      </div>
    );
  }
  return (
    <div className={className}>
      <AccountMenu name={name} email={member?.email} />
      {logOut}
    </div>
  );
}

/** The member's nickname, else first name; never the e-mail (shown to nobody over the shoulder). */
export function displayName(me: Pick<Member, 'profile' | 'contact'> | undefined): string {
  return me?.profile.nickname?.trim() || me?.contact?.firstName?.trim() || 'Your account';
}

/** The address, for screen readers and as the account button's "signed in as" detail; not on screen. */
function Email({ email }: { email: string | undefined }) {
  if (!email) return null;
  return (
    <span className="sr-only">
      {' '}
      (<span data-testid="member-email">{email}</span>)
    </span>
  );
}

/** The member's name opening a short list of account links; closes on navigation, Escape or a click elsewhere. */
function AccountMenu({ name, email }: { name: string; email: string | undefined }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div ref={ref} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={cx(ghost, 'max-w-56 min-w-0 gap-1')}
        aria-expanded={open}
        aria-controls={menuId}
        title={email ? `Signed in as ${email}` : 'Your account'}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="truncate" data-testid="member-name">
          {name}
        </span>
        <Email email={email} />
        <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true" className="shrink-0" fill="currentColor">
          <path d="M5.5 7.5L10 12l4.5-4.5z" />
        </svg>
      </button>
      {open && (
        <ul
          id={menuId}
          className="absolute right-0 z-20 mt-1 w-48 rounded-md border border-neutral-200 bg-white py-1 shadow-lg"
        >
          {ACCOUNT_LINKS.map((l) => (
            <li key={l.to}>
              <Link to={l.to} className="block px-4 py-2 text-sm text-neutral-800 hover:bg-neutral-100">
                {l.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
