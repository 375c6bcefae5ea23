import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePlaza } from '@plaza/react';
import { getConfig } from '../config.js';
import { callbackUri, rememberOAuthData, safeReturn, sessionReturnUrl } from '../auth/flows.js';
import { markSignedIn } from '../auth/silent.js';
import type { PlazaClient } from '../plaza.js';
import { LoginLinks } from '../signin/AuthLinks.js';
import { SignInFlow } from '../signin/SignInFlow.js';
import { hostedDriver } from '../signin/driver.js';
import { SsoButtons } from '../signin/SsoButtons.js';
import { AuthCard } from '../ui/AuthCard.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';

/** The parameters of an authorization request that /oauth2/authorize handed over, if that is how we got here. */
function authorizeParams(params: URLSearchParams): URLSearchParams | null {
  if (!params.get('client_id') || !params.get('redirect_uri')) return null;
  const copy = new URLSearchParams(params);
  copy.delete('sessionToken');
  return copy;
}

/**
 * /auth/login, the hosted login page. Two ways in:
 * - from /oauth2/authorize (no sign-in session): its query is the authorization request; after logging in we go back
 *   to /oauth2/authorize with the same parameters and the session token, which answers the app that asked.
 * - from a login redirect session (`?postFlowUrl=`), or typed in: we sign this browser in to the web app itself
 *   (its own code flow, which also sets the sign-in cookie), then go to postFlowUrl.
 */
export default function HostedLoginPage() {
  const client = usePlaza<PlazaClient>();
  const [params] = useSearchParams();
  const [fatal, setFatal] = useState<unknown>(null);
  const request = useMemo(() => authorizeParams(params), [params]);
  const postFlowUrl = params.get('postFlowUrl');
  const redirectSessionId = params.get('redirectSessionId');

  const driver = useMemo(
    () =>
      hostedDriver(client, (sessionToken) => {
        // /oauth2/authorize sets the sign-in cookie when it takes the session token.
        markSignedIn();
        if (request) {
          const next = new URLSearchParams(request);
          next.set('sessionToken', sessionToken);
          window.location.assign(`${getConfig().baseUrl}/oauth2/authorize?${next}`);
          return;
        }
        continueToApp(client, sessionToken, returnAfterLogin(postFlowUrl, redirectSessionId)).catch(setFatal);
      }),
    [client, request, postFlowUrl, redirectSessionId],
  );

  return (
    <AuthCard title="Log in" subtitle="Use the e-mail and password of your account.">
      {fatal !== null ? (
        <ErrorMessage error={fatal} onRetry={() => window.location.reload()} />
      ) : (
        <SignInFlow
          mode="login"
          driver={driver}
          doneText="Signed in. Taking you back…"
          footer={
            <>
              <SsoButtons authorizeQuery={request} returnTo={postFlowUrl} />
              <LoginLinks />
            </>
          }
        />
      )}
    </AuthCard>
  );
}

/**
 * Signs the web app in with the session token (its own code flow with PKCE; /oauth2/authorize also sets the sign-in
 * cookie), and /auth/callback then opens `postFlowUrl`.
 */
async function continueToApp(client: PlazaClient, sessionToken: string, returnTo: string): Promise<void> {
  const data = await client.auth.generateOAuthData(callbackUri(), returnTo);
  rememberOAuthData(data);
  const { authUrl } = await client.auth.getAuthUrl(data, { prompt: 'none', sessionToken });
  window.location.assign(authUrl);
}

/** A page of this app by path; another site's page through its login redirect session (see sessionReturnUrl). */
function returnAfterLogin(postFlowUrl: string | null, redirectSessionId: string | null): string {
  const offSite = postFlowUrl !== null && !postFlowUrl.startsWith(window.location.origin + '/');
  return offSite && redirectSessionId
    ? sessionReturnUrl(getConfig().baseUrl, redirectSessionId)
    : safeReturn(postFlowUrl);
}
