// Sign-in identities: registration, login, sessions, MFA and recovery. Other modules and root files reach it here;
// its tables are its own. Members and oauth sit above it and answer its hooks (src/module-wiring.ts).
export { identityAdminRoutes } from './admin.routes.js';
export { releaseIdentity } from './admin.service.js';
export { authRoutes } from './auth.routes.js';
export { type IdentityMembers, type NewIdentityMember, useIdentityMembers } from './member-hooks.js';
export { deleteIdentity, mergeIdentityProfile } from './member-sync.js';
export { bumpWindowedCount, windowedCount } from './counters.js';
export { mfaRoutes } from './mfa.routes.js';
export { emailTaken, identityEmails, insertOwnerIdentity, replaceOwnerPassword } from './owner-identity.js';
export { hashPassword } from './password.js';
export { normalizeEmail, normalizeProfile, toIdentity } from './profile.js';
export { createIdentity } from './registration.service.js';
export {
  attachSessionCookie,
  consumeSessionToken,
  endIdentitySessions,
  endSession,
  identitiesSignedIn,
  SESSION_TTL_SECONDS,
  sessionFromCookie,
  signedInSession,
  type SignedIn,
  startSession,
} from './sessions.service.js';
export { onVerifiedSignIn } from './sign-in-handlers.js';
export { identityIdByEmail, insertSsoIdentity } from './sso-identity.js';
export { identityEmail, identityStanding } from './standing.js';
export { type SessionTokens, useSessionTokens } from './token-hooks.js';
