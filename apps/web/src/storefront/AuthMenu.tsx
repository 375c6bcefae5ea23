import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth, usePlaza } from '@plaza/react';
import { herePath, startHostedLogin } from '../auth/flows.js';
import { useSilentLoginStatus } from '../auth/silent.js';
import type { PlazaClient } from '../plaza.js';
import { cx } from '../ui/cx.js';
import { Skeleton } from '../ui/Skeleton.js';
import { ghost } from './menuStyles.js';

// The signed-in corner (the member's name, account links) loads once someone is signed in: visitors never need it.
const MemberMenu = lazy(() => import('./MemberMenu.js'));

const solid =
  'inline-flex min-h-10 items-center rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-strong';

/**
 * The header's sign-in corner: "Log in" (the hosted login page) and "Sign up" for visitors; the member's name
 * (a menu of their account pages) and "Log out" for members.
 */
export function AuthMenu({ stacked = false }: { stacked?: boolean }) {
  const client = usePlaza<PlazaClient>();
  const { loggedIn } = useAuth();
  const silent = useSilentLoginStatus();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const box = cx('flex gap-2', stacked ? 'flex-col items-stretch' : 'items-center');

  if (!loggedIn && silent === 'running') {
    return (
      <div className={box} aria-busy="true" aria-label="Checking your sign-in">
        <Skeleton className="h-9 w-36" />
      </div>
    );
  }

  if (loggedIn) {
    return (
      <Suspense fallback={<Skeleton className="h-9 w-36" />}>
        <MemberMenu stacked={stacked} className={box} />
      </Suspense>
    );
  }

  const logIn = () => {
    setLeaving(true);
    // The hosted login page; should the server be unreachable for the redirect session, the app's own form.
    startHostedLogin(client, herePath()).catch(() => {
      setLeaving(false);
      void navigate(`/login?returnTo=${encodeURIComponent(herePath())}`);
    });
  };
  return (
    <div className={box}>
      <button
        type="button"
        className={cx(ghost, stacked && 'justify-center border border-neutral-300')}
        onClick={logIn}
        disabled={leaving}
        aria-busy={leaving || undefined}
      >
        {leaving ? 'Opening…' : 'Log in'}
      </button>
      <Link to="/signup" className={cx(solid, stacked && 'justify-center')}>
        Sign up
      </Link>
    </div>
  );
}
