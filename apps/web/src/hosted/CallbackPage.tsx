import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePlaza } from '@plaza/react';
import { getConfig } from '../config.js';
import { isSessionReturn, safeReturn, takeOAuthData } from '../auth/flows.js';
import type { PlazaClient } from '../plaza.js';
import { Alert } from '../ui/Alert.js';
import { BackToStoreLink } from '../signin/AuthLinks.js';
import { AuthCard } from '../ui/AuthCard.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { Spinner } from '../ui/Spinner.js';

const WORDS: Record<string, string> = {
  access_denied: 'The sign-in was cancelled.',
  login_required: 'You are not signed in any more. Log in again.',
  'Invalid _state': 'This sign-in link does not belong to this browser tab. Start again from the store.',
  'Missing code or _state': 'The sign-in answer is incomplete. Start again from the store.',
};

/**
 * /auth/callback: where the server sends the browser with `code` and `state` (in the fragment). Exchanges the code
 * with the PKCE data kept by the page that started the flow, then opens the page the person came from.
 */
export default function CallbackPage() {
  const client = usePlaza<PlazaClient>();
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);

  useEffect(() => {
    // Codes work once: never exchange twice (StrictMode runs effects twice in development).
    if (started.current) return;
    started.current = true;
    const finish = async () => {
      const { code, state } = client.auth.parseFromUrl(window.location.href, 'fragment');
      const data = takeOAuthData(state);
      if (!data) throw new Error('Invalid _state');
      // The code and state leave the address bar (and the history) before anything else happens.
      window.history.replaceState(null, '', window.location.pathname);
      await client.auth.getMemberTokens(code, state, data);
      if (isSessionReturn(data.originalUri, getConfig().baseUrl)) window.location.replace(data.originalUri);
      else void navigate(safeReturn(data.originalUri), { replace: true });
    };
    finish().catch(setError);
  }, [client, navigate]);

  if (error !== null) {
    // Known failures in words; a server answer keeps its words and request id; anything else (a library's own
    // message) is not for people.
    const fromServer = typeof (error as { status?: unknown }).status === 'number';
    const message =
      (error instanceof Error ? WORDS[error.message] : undefined) ??
      (fromServer ? undefined : 'Signing in could not be finished. Please start again.');
    return (
      <AuthCard title="Sign-in did not finish">
        <div className="space-y-4">
          {message ? <Alert tone="error">{message}</Alert> : <ErrorMessage error={error} />}
          <Link
            to="/login"
            className="inline-flex min-h-10 w-full items-center justify-center rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-strong"
          >
            Log in again
          </Link>
          <BackToStoreLink />
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Signing you in">
      <p role="status" className="flex items-center gap-2 text-sm text-neutral-700">
        <Spinner /> One moment…
      </p>
    </AuthCard>
  );
}
