import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useAuth, usePlaza } from '@plaza/react';
import { startHostedLogin } from '../auth/flows.js';
import { isStaff } from '../auth/session.js';
import { useSilentLoginStatus } from '../auth/silent.js';
import type { PlazaClient } from '../plaza.js';
import { Button } from '../ui/Button.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { PageSkeleton } from '../ui/PageSkeleton.js';

function Centered({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-neutral-50 px-4">
      <div className="w-full max-w-md rounded-xl border border-neutral-200 bg-white p-6 text-center shadow-sm sm:p-8">
        {children}
      </div>
    </main>
  );
}

/**
 * The dashboard is for the owner and contributors. Visitors are asked to sign in (the hosted login page, back to the
 * same dashboard page); other members are told it is not for them. The server checks every call again.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const client = usePlaza<PlazaClient>();
  const { loggedIn, member } = useAuth();
  const silent = useSilentLoginStatus();
  const [error, setError] = useState<unknown>(null);
  const [leaving, setLeaving] = useState(false);

  if (isStaff(member)) return <>{children}</>;
  if (!loggedIn && silent === 'running') return <PageSkeleton />;

  if (loggedIn) {
    return (
      <Centered>
        <p className="text-sm font-semibold text-red-700">Not allowed</p>
        <h1 className="mt-2 text-2xl font-bold tracking-tight">The dashboard is for the site's owner</h1>
        <p className="mt-3 text-sm text-neutral-600">
          You are logged in as <strong className="break-all text-neutral-900">{member?.email ?? 'a member'}</strong>,
          who does not manage this site. Log out and log in as the owner to continue.
        </p>
        <div className="mt-6 flex flex-col gap-2 sm:flex-row sm:justify-center">
          <Link
            to="/"
            className="inline-flex min-h-10 items-center justify-center rounded-md border border-neutral-300 px-4 text-sm font-medium hover:bg-neutral-50"
          >
            Back to the store
          </Link>
          <Link
            to={`/auth/logout?returnTo=${encodeURIComponent('/admin')}`}
            className="inline-flex min-h-10 items-center justify-center rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-strong"
          >
            Log out
          </Link>
        </div>
      </Centered>
    );
  }

  return (
    <Centered>
      <h1 className="text-2xl font-bold tracking-tight">Sign in as the owner</h1>
      <p className="mt-3 text-sm text-neutral-600">
        The dashboard manages this site. Log in with the owner's account; the first start of the server printed its
        e-mail and password.
      </p>
      <Button
        className="mt-6 w-full"
        busy={leaving}
        onClick={() => {
          setLeaving(true);
          setError(null);
          startHostedLogin(client).catch((e: unknown) => {
            setLeaving(false);
            setError(e);
          });
        }}
      >
        Log in
      </Button>
      {error !== null && (
        <div className="mt-4 text-left">
          <ErrorMessage error={error} />
        </div>
      )}
      <Link to="/" className="mt-4 inline-block text-sm text-neutral-600 underline-offset-2 hover:underline">
        Back to the store
      </Link>
    </Centered>
  );
}
