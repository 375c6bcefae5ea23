import type { ApiKeyScope } from '@plaza/contracts';
import type { Db } from '../kernel/db.js';
import type { SigningKeys } from '../kernel/context.js';
import type { Caller, MemberRole } from '../kernel/caller.js';
import { AppError } from '../kernel/errors.js';

/**
 * The look-ups a caller check needs from the modules that own credentials (apps, oauth, identity). The composition
 * root (credential-checks.ts) supplies them, so http/ depends on no module and every module may use http/.
 */
export interface CredentialChecks {
  /** API keys start with it; anything else is read as an access token. */
  apiKeyPrefix: string;
  authenticateApiKey(db: Db, key: string, now: Date): Promise<{ id: string; scopes: ApiKeyScope[] } | undefined>;
  isVisitorRevoked(db: Db, visitorId: string): Promise<boolean>;
  /** The member session `sessionId` when it is still signed in at `now`. */
  signedInSession(db: Db, now: Date, sessionId: string): Promise<{ identityId: string; role: string } | undefined>;
}

export interface ResolveCallerDeps {
  db: Db;
  keys: SigningKeys;
  issuer: string;
  now: Date;
  checks: CredentialChecks;
}

const invalidCredentials = () =>
  new AppError('UNAUTHENTICATED', 'The access token or API key is invalid or expired', {
    applicationCode: 'UNAUTHENTICATED',
  });

/**
 * Reads `Authorization`. Access tokens come as `Bearer <jwt>` or bare (the platform's own SDK sends them bare);
 * API keys come as `<key>`. Presenting something invalid is a 401, never a silent downgrade to anonymous.
 */
export async function resolveCaller(header: string | undefined, deps: ResolveCallerDeps): Promise<Caller> {
  if (!header) return { type: 'NONE' };
  const credential = header.replace(/^Bearer\s+/i, '').trim();
  if (!credential || credential.length > 4096) throw invalidCredentials();
  const { checks } = deps;

  if (credential.startsWith(checks.apiKeyPrefix)) {
    const key = await checks.authenticateApiKey(deps.db, credential, deps.now);
    if (!key) throw invalidCredentials();
    return { type: 'APP', apiKeyId: key.id, scopes: key.scopes };
  }

  let claims;
  try {
    claims = await deps.keys.verify(credential, deps.issuer);
  } catch {
    throw invalidCredentials();
  }
  const clientId = typeof claims.client_id === 'string' ? claims.client_id : '';
  if (claims.role === 'visitor' && claims.sub) {
    // Checked on every call like a member's session, so a detected refresh-token reuse refuses the visitor's access
    // tokens at once (the thief's and the holder's), not at expiry.
    if (await checks.isVisitorRevoked(deps.db, claims.sub)) throw invalidCredentials();
    return { type: 'ANONYMOUS_VISITOR', visitorId: claims.sub, clientId };
  }
  if (claims.role === 'member' && claims.sub && typeof claims.sid === 'string') {
    // Checked on every call, so logout, blocking and password resets take effect at once, not at token expiry.
    const session = await checks.signedInSession(deps.db, deps.now, claims.sid);
    if (!session || session.identityId !== claims.sub) throw invalidCredentials();
    return { type: 'MEMBER', memberId: claims.sub, role: session.role as MemberRole, clientId, sessionId: claims.sid };
  }
  throw invalidCredentials();
}
