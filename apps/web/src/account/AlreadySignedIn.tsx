import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../auth/session.js';
import { useMe } from '../auth/me.js';

/** True when the page opened with a member signed in (not when the member signs in on it). */
export function useInitiallyMember(): boolean {
  const session = useSession();
  const [member] = useState(session.role === 'member');
  return member;
}

export function AlreadySignedIn() {
  const { data: me } = useMe();
  return (
    <div className="space-y-4 text-sm text-neutral-700">
      <p>
        You are logged in
        {me ? (
          <>
            {' '}
            as <strong className="break-all text-neutral-900">{me.email}</strong>
          </>
        ) : null}
        .
      </p>
      <div className="flex flex-wrap gap-2">
        <Link
          to="/"
          className="inline-flex min-h-10 items-center rounded-md bg-accent px-4 font-medium text-white hover:bg-accent-strong"
        >
          Go to the store
        </Link>
        <Link
          to="/auth/logout"
          className="inline-flex min-h-10 items-center rounded-md border border-neutral-300 px-4 font-medium hover:bg-neutral-50"
        >
          Log out
        </Link>
      </div>
    </div>
  );
}
