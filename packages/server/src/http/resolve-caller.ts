import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authSessions, identities, members } from '../modules/identity/tables.js';
import { API_KEY_PREFIX, authenticateApiKey } from '../modules/apps/api-keys.service.js';
import type { KeyStore } from '../modules/oauth/keys.js';
import type { Caller, MemberRole } from './caller.js';
import { AppError } from './errors.js';

const invalidCredentials = () =>
  new AppError('UNAUTHENTICATED', 'The access token or API key is invalid or expired', {
    applicationCode: 'UNAUTHENTICATED',
  });

/**
 * Reads `Authorization`. Access tokens come as `Bearer <jwt>` or bare (the platform's own SDK sends them bare);
 * API keys come as `<key>`. Presenting something invalid is a 401, never a silent downgrade to anonymous.
 */
export async function resolveCaller(
  header: string | undefined,
  deps: { db: Db; keys: KeyStore; issuer: string; now: Date },
): Promise<Caller> {
  if (!header) return { type: 'NONE' };
  const credential = header.replace(/^Bearer\s+/i, '').trim();
  if (!credential || credential.length > 4096) throw invalidCredentials();

  if (credential.startsWith(API_KEY_PREFIX)) {
    const key = await authenticateApiKey(deps.db, credential, deps.now);
    if (!key) throw invalidCredentials();
    return { type: 'APP', apiKeyId: key.id, scopes: key.scopes };
  }

  let claims;
  try {
    claims = await deps.keys.verify(credential, deps.issuer);
  } catch {
    throw invalidCredentials();
  }
  const clientId = String(claims.client_id ?? '');
  if (claims.role === 'visitor' && claims.sub) return { type: 'ANONYMOUS_VISITOR', visitorId: claims.sub, clientId };
  if (claims.role === 'member' && claims.sub && typeof claims.sid === 'string') {
    // Checked on every call, so logout, blocking and password resets take effect at once, not at token expiry.
    const member = await liveMember(deps.db, claims.sub, claims.sid, deps.now);
    if (!member) throw invalidCredentials();
    return { type: 'MEMBER', memberId: claims.sub, role: member.role, clientId, sessionId: claims.sid };
  }
  throw invalidCredentials();
}

/** The member's current role when their session is live and they may still sign in; undefined otherwise. */
async function liveMember(
  db: Db,
  identityId: string,
  sessionId: string,
  now: Date,
): Promise<{ role: MemberRole } | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return undefined;
  const [row] = await db
    .select({ role: members.role, identityStatus: identities.status, memberStatus: members.status })
    .from(authSessions)
    .innerJoin(identities, eq(identities.id, authSessions.identityId))
    .leftJoin(members, eq(members.id, identities.id))
    .where(
      and(
        eq(authSessions.id, sessionId),
        eq(authSessions.identityId, identityId),
        isNull(authSessions.revokedDate),
        gt(authSessions.expiresDate, now),
      ),
    )
    .limit(1);
  if (!row || row.identityStatus !== 'ACTIVE' || row.memberStatus === 'BLOCKED' || row.memberStatus === 'OFFLINE')
    return undefined;
  return { role: (row.role as MemberRole | null) ?? 'MEMBER' };
}
