import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { SsoProvider } from '@plaza/contracts';
import { identityQueries, usePlaza } from '@plaza/react';
import { callbackUri, rememberOAuthData, safeReturn } from '../auth/flows.js';
import type { PlazaClient } from '../plaza.js';
import { Button } from '../ui/Button.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';

/** The site's single sign-on providers; none when the server has no SSO (or answers with an error). */
export function useSsoProviders() {
  // A login page works without SSO: on an error `data` stays undefined and no button shows.
  return useQuery({ ...identityQueries.ssoProviders(usePlaza()), staleTime: 5 * 60_000 });
}

/**
 * One "Continue with <provider>" button per SSO connection. On the hosted page it continues the authorization request
 * that brought the person there (`authorizeQuery`); elsewhere it starts the web app's own code flow.
 */
export function SsoButtons({
  authorizeQuery,
  returnTo,
}: {
  authorizeQuery?: URLSearchParams | null;
  returnTo?: string | null;
}) {
  const client = usePlaza<PlazaClient>();
  const { data: providers } = useSsoProviders();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  if (!providers?.length) return null;

  const start = async (p: SsoProvider) => {
    setBusy(p.id);
    setError(null);
    try {
      let query = authorizeQuery?.toString();
      if (!query) {
        const data = await client.auth.generateOAuthData(callbackUri(), safeReturn(returnTo));
        rememberOAuthData(data);
        const { authUrl } = await client.auth.getAuthUrl(data, { prompt: 'login', responseMode: 'fragment' });
        query = new URL(authUrl).searchParams.toString();
      }
      window.location.assign(`${p.loginUrl}?${query}`);
    } catch (e) {
      setError(e);
      setBusy(null);
    }
  };

  return (
    <div className="mb-6 space-y-2 border-b border-neutral-200 pb-6">
      <p className="text-xs tracking-wide text-neutral-500 uppercase">Or</p>
      {providers.map((p) => (
        <Button key={p.id} variant="secondary" className="w-full" busy={busy === p.id} onClick={() => void start(p)}>
          Continue with {p.displayName}
        </Button>
      ))}
      {error !== null && <ErrorMessage error={error} />}
    </div>
  );
}
