import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePlaza } from '@plaza/react';
import { safeReturn } from '../auth/flows.js';
import { markSignedOut } from '../auth/silent.js';
import type { PlazaClient } from '../plaza.js';
import { AuthCard } from '../ui/AuthCard.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { Spinner } from '../ui/Spinner.js';

/**
 * /auth/logout[?returnTo=/path]: forgets the tokens (SDK logout) and sends the browser through the server's logout
 * URL, which ends the sign-in session (cookie) and comes back to `returnTo` (default: the home page).
 */
export default function LogoutPage() {
  const client = usePlaza<PlazaClient>();
  const [params] = useSearchParams();
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);
  const returnTo = window.location.origin + safeReturn(params.get('returnTo'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    markSignedOut();
    client.auth.logout(returnTo).then(({ logoutUrl }) => window.location.assign(logoutUrl), setError);
  }, [client, returnTo]);

  return (
    <AuthCard title={error ? 'Logging out did not finish' : 'Logging you out'}>
      {error !== null ? (
        <div className="space-y-3">
          <p className="text-sm text-neutral-700">
            This browser forgot your sign-in, but the server could not be told. Try again to end the session everywhere.
          </p>
          <ErrorMessage error={error} onRetry={() => window.location.reload()} />
        </div>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-700">
          <Spinner /> One moment…
        </p>
      )}
    </AuthCard>
  );
}
