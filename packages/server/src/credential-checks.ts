import { API_KEY_PREFIX, authenticateApiKey } from './platform/apps/index.js';
import { signedInSession } from './platform/identity/index.js';
import { isVisitorRevoked } from './platform/oauth/index.js';
import type { CredentialChecks } from './http/resolve-caller.js';

/** The modules that own credentials, handed to http/'s caller check by app.ts (so http/ imports no module). */
export const credentialChecks: CredentialChecks = {
  apiKeyPrefix: API_KEY_PREFIX,
  authenticateApiKey,
  isVisitorRevoked,
  signedInSession: (db, now, sessionId) => signedInSession({ db, clock: () => now }, sessionId),
};
