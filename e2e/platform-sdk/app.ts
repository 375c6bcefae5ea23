// A headless shop's page written for the hosted platform's SDK, bundled for the browser by platform-sdk.e2e.ts. The
// page runs the fetch wrapper of docs/platform-sdk.md ("Moving a project over") first, as the docs show it.
import { createClient, LoginState, OAuthStrategy } from '@wix/sdk';
import { members } from '@wix/members';
import { redirects } from '@wix/redirects';

declare global {
  interface Window {
    directLogin(clientId: string, email: string, password: string): Promise<Record<string, unknown>>;
    loginPageUrl(clientId: string, postFlowUrl: string): Promise<string | undefined>;
  }
}

window.directLogin = async (clientId, email, password) => {
  const client = createClient({ modules: { members }, auth: OAuthStrategy({ clientId }) });
  const login = await client.auth.login({ email, password });
  if (login.loginState !== LoginState.SUCCESS) return { loginState: login.loginState };
  const tokens = await client.auth.getMemberTokensForDirectLogin(login.data.sessionToken);
  client.auth.setTokens(tokens);
  const { member } = await client.members.getCurrentMember();
  return {
    loginState: login.loginState,
    loggedIn: client.auth.loggedIn(),
    role: tokens.refreshToken.role,
    loginEmail: member?.loginEmail,
    framesLeft: document.querySelectorAll('iframe').length,
  };
};

/** The hosted login page, coming back to `postFlowUrl` on this app's origin (a login redirect session). */
window.loginPageUrl = async (clientId, postFlowUrl) => {
  const client = createClient({ modules: { redirects }, auth: OAuthStrategy({ clientId }) });
  const { redirectSession } = await client.redirects.createRedirectSession({ login: {}, callbacks: { postFlowUrl } });
  return redirectSession?.fullUrl;
};
