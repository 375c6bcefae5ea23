import { useState } from 'react';
import { Link } from 'react-router';
import { useAuth } from '@plaza/react';

/** True when the page opened with a member signed in (not when the member signs in on it). */
export function useInitiallyMember(): boolean {
  const { loggedIn } = useAuth();
  const [member] = useState(loggedIn);
  return member;
}

export function AlreadySignedIn() {
  const { member } = useAuth();
  return (
    <div className="space-y-4 text-sm text-neutral-700">
      <p>
        You are logged in
        {member?.email ? (
          <>
            {' '}
            as <strong className="break-all text-neutral-900">{member.email}</strong>
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
