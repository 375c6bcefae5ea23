import type { ReactNode } from 'react';
import { useAuth } from '@plaza/react';
import { useSilentLoginStatus } from '../auth/silent.js';
import { PageSkeleton } from '../ui/PageSkeleton.js';
import { AccountNav } from './AccountNav.js';
import { SignInFirst } from './profile/SignInFirst.js';

/**
 * An account page that needs the member signed in: while the quiet sign-in runs, a skeleton; signed out, the prompt
 * to log in (saying `what` the page manages); signed in, the account menu, the title and whose account it is.
 */
export function SignedInPage({
  title,
  what,
  knownEmail,
  children,
}: {
  title: string;
  what: string;
  /** The address to show when the sign-in does not carry one. */
  knownEmail?: string | undefined;
  children: ReactNode;
}) {
  const { loggedIn, member } = useAuth();
  const silent = useSilentLoginStatus();
  if (!loggedIn) return silent === 'running' ? <PageSkeleton /> : <SignInFirst what={what} />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <AccountNav />
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-1 text-sm text-neutral-600">
        Signed in as <strong className="break-all text-neutral-900">{member?.email ?? knownEmail ?? '…'}</strong>
      </p>
      {children}
    </div>
  );
}
