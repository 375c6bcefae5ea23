import type {
  ActivationEmailRequest,
  ChangePasswordRequest,
  CreateIdpConnectionRequest,
  EmptyResponse,
  FactorsResponse,
  IdentityResponse,
  IdpConnection,
  ListIdentitiesQuery,
  ListIdentitiesResponse,
  ListIdpConnectionsResponse,
  ListSsoProvidersResponse,
  LoginRequest,
  LoginResponse,
  RecoverRequest,
  RecoveryCodesResponse,
  RegenerateRecoveryCodesRequest,
  RegisterRequest,
  ResendCodeRequest,
  SendFactorCodeRequest,
  SignOnRequest,
  SignOnResponse,
  SsoLoginWithTokenParamsRequest,
  SsoLoginWithTokenParamsResponse,
  StartVerificationRequest,
  StartVerificationResponse,
  TotpConfirmRequest,
  TotpConfirmResponse,
  TotpDisableRequest,
  TotpEnrollResponse,
  VerifyCodeRequest,
  VerifyFactorRequest,
} from '@plaza/contracts';
import { actionMethod, bodyMethod, deleteMethod, listMethod, queryMethod } from '../core/crud.js';
import { defineMethod, seg } from '../core/method.js';

export type {
  ChangePasswordRequest,
  CreateIdpConnectionRequest,
  FactorsResponse,
  Identity,
  IdpConnection,
  ListIdentitiesQuery,
  ListIdentitiesResponse,
  ListIdpConnectionsResponse,
  ListSsoProvidersResponse,
  LoginResponse,
  RecoveryCodesResponse,
  SignOnResponse,
  SsoLoginWithTokenParamsRequest,
  SsoProvider,
  StartVerificationResponse,
  TotpConfirmResponse,
  TotpEnrollResponse,
} from '@plaza/contracts';

const I = '/identity/v1/identities';
const MFA = '/identity/v1/mfa';
const SSO = '/identity/v1/sso/connections';

/**
 * Identities by status, for the owner: `listIdentities({ status: 'PENDING' })` is the approvals queue.
 * @example const { identities } = await admin.identity.listIdentities({ status: 'PENDING', 'paging.limit': 100 });
 */
export const listIdentities = queryMethod<ListIdentitiesQuery, ListIdentitiesResponse>(I);
/** Lets a PENDING identity (awaiting the owner) sign in. */
export const approveIdentity = actionMethod<IdentityResponse>(I, 'identity', 'approve');
/** Refuses a PENDING identity: it is blocked. */
export const rejectIdentity = actionMethod<IdentityResponse>(I, 'identity', 'reject');

/**
 * The signed-in member's second factors and recovery-code status.
 * @example const { factors } = await client.identity.listFactors();
 */
export const listFactors = listMethod<FactorsResponse>(`${MFA}/factors`);
/** Starts an authenticator app (TOTP): the secret and its `otpauth://` URI for a QR code. */
export const enrollTotp = defineMethod<[], TotpEnrollResponse>({
  argumentNames: [],
  request: () => ({ method: 'POST', path: `${MFA}/totp/enroll` }),
});
/** Turns TOTP on with a first code from the app; the answer carries the recovery codes, shown once. */
export const confirmTotp = bodyMethod<TotpConfirmRequest, TotpConfirmResponse>(`${MFA}/totp/confirm`, 'request');
/** Turns TOTP off (with the password or a current code). */
export const disableTotp = bodyMethod<TotpDisableRequest, FactorsResponse>(`${MFA}/totp`, 'request', 'DELETE');
/** A new set of recovery codes (the old ones stop working), with the password or a current code. */
export const regenerateRecoveryCodes = bodyMethod<RegenerateRecoveryCodesRequest, RecoveryCodesResponse>(
  `${MFA}/recovery-codes`,
  'request',
);

/**
 * Sets a new password with the token of a recovery e-mail (the `token` of the link `sendPasswordResetEmail` mails).
 * @example await client.identity.recoverPassword({ recoveryToken: new URL(location.href).searchParams.get('token')!, password });
 */
export const recoverPassword = bodyMethod<RecoverRequest, EmptyResponse>('/identity/v1/recover', 'request');
/**
 * The signed-in member's new password (other sessions end); `currentPassword` is checked when sent.
 * @example await member.identity.changePassword({ currentPassword: old, newPassword: 'a longer passphrase' });
 */
export const changePassword = bodyMethod<ChangePasswordRequest, EmptyResponse>(
  '/identity/v2/change-password',
  'request',
);
/**
 * The sign-in calls one by one, for a login page of your own that continues another app's authorization request
 * (`OAuthStrategy.login` and its state machine are simpler everywhere else). Each answer is a state (`SUCCESS` with a
 * session token, a code to enter, approval, a second factor).
 */
export const login = bodyMethod<LoginRequest, LoginResponse>('/identity/v2/login', 'request');
export const register = bodyMethod<RegisterRequest, LoginResponse>('/identity/v2/register', 'request');
/** Mails the verification code again. */
export const resendCode = bodyMethod<ResendCodeRequest, EmptyResponse>('/identity/v1/auth/resend', 'request');
/** The second factor of a login: `TOTP`, `EMAIL` or `RECOVERY_CODE`. */
export const verifyFactor = defineMethod<[factor: string, request: VerifyFactorRequest], LoginResponse>({
  argumentNames: ['factor', 'request'],
  request: (factor, body) => ({ method: 'POST', path: `/identity/v2/${seg(factor)}/verify`, body }),
});
/** Mails the code of the EMAIL factor. */
export const sendFactorCode = bodyMethod<SendFactorCodeRequest, EmptyResponse>(
  '/identity/v1/mfa/email/send',
  'request',
);
/** Checks the code of an activation e-mail (or of a sign-in); `SUCCESS` carries a session token. */
export const verifyEmail = bodyMethod<VerifyCodeRequest, LoginResponse>('/identity/v1/auth/verify', 'request');

/**
 * The back office starts verifying an identity's e-mail: a code is mailed, and the answer's `stateToken` goes with it
 * to `verifyEmail`.
 * @example const { stateToken } = await admin.identity.startVerification({ identityId, target: 'EMAIL' });
 */
export const startVerification = bodyMethod<StartVerificationRequest, StartVerificationResponse>(
  '/identity/v1/Start',
  'request',
);
/**
 * Mails an identity a link that verifies its address in one click (it opens `emailOptions.redirectUrl`).
 * @example await admin.identity.sendActivationEmail({ identityId, emailOptions: { redirectUrl: `${site}/verify` } });
 */
export const sendActivationEmail = bodyMethod<ActivationEmailRequest, EmptyResponse>(
  '/identity/v1/activation-email',
  'request',
);
/**
 * A back-office app vouches for a person: finds or creates the identity by e-mail and answers a `sessionToken`, which
 * an authorization request (`getAuthUrl` with `sessionToken`) turns into member tokens.
 * @example const { sessionToken } = await admin.identity.signOn({ loginId: { email }, verifyEmail: true });
 */
export const signOn = bodyMethod<SignOnRequest, SignOnResponse>('/identity/v2/sign-on', 'request');

/**
 * Starts "Continue with <provider>" from a login page of one's own: `tokenParams` is the authorization request the
 * sign-in continues; send the browser to `redirectUrl`. It comes back to `redirectUri` with a code for
 * `OAuthStrategy.getMemberTokens`.
 * @example
 * const data = await auth.generateOAuthData(`${location.origin}/auth/callback`);
 * const { redirectUrl } = await client.identity.loginWithSsoTokenParams({
 *   idpConnectionId: provider.id,
 *   tokenParams: { clientId, redirectUri: data.redirectUri, codeChallenge: data.codeChallenge,
 *     codeChallengeMethod: 'S256', responseType: 'code', state: data.state },
 * });
 * location.assign(redirectUrl);
 */
export const loginWithSsoTokenParams = bodyMethod<SsoLoginWithTokenParamsRequest, SsoLoginWithTokenParamsResponse>(
  '/identity/v1/sso/login-with-token-params',
  'request',
);
/** The "Continue with …" buttons of login pages: enabled connections, for anyone. */
export const listSsoProviders = listMethod<ListSsoProvidersResponse>('/identity/v1/sso/providers');
/** The owner's identity-provider connections (OpenID Connect). */
export const listIdpConnections = listMethod<ListIdpConnectionsResponse>(SSO);
export const createIdpConnection = bodyMethod<CreateIdpConnectionRequest, { connection: IdpConnection }>(
  SSO,
  'connection',
);
/** Asks the provider again; a connection that answers is back on login pages. */
export const checkIdpConnection = actionMethod<{ connection: IdpConnection }>(SSO, 'connection', 'check');
export const deleteIdpConnection = deleteMethod(SSO, 'connection');

/**
 * The identity module: `import { identity } from '@plaza/sdk/identity'`, then `createClient({ modules: { identity } })`.
 * Sign-in itself is `OAuthStrategy`'s (`login`, `register`, ...); this module is the account and the owner's side.
 */
export const identity = {
  listIdentities,
  approveIdentity,
  rejectIdentity,
  listFactors,
  enrollTotp,
  confirmTotp,
  disableTotp,
  regenerateRecoveryCodes,
  recoverPassword,
  changePassword,
  verifyEmail,
  startVerification,
  sendActivationEmail,
  signOn,
  login,
  register,
  resendCode,
  verifyFactor,
  sendFactorCode,
  listSsoProviders,
  loginWithSsoTokenParams,
  listIdpConnections,
  createIdpConnection,
  checkIdpConnection,
  deleteIdpConnection,
};
