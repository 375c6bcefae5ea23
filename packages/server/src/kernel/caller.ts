import type { ApiKeyScope } from '@plaza/contracts';
import { AppError } from './errors.js';

export type MemberRole = 'UNDEFINED_ROLE' | 'MEMBER' | 'OWNER' | 'CONTRIBUTOR';

/** Who is calling, resolved once per request from the Authorization header (DESIGN.md §4). */
export type Caller =
  | { type: 'NONE' }
  | { type: 'ANONYMOUS_VISITOR'; visitorId: string; clientId: string }
  /** `sessionId`: the sign-in session the token belongs to (ending it ends the token at once). */
  | { type: 'MEMBER'; memberId: string; role: MemberRole; clientId: string; sessionId: string }
  | { type: 'APP'; apiKeyId: string; scopes: ApiKeyScope[] };

/**
 * Who may call a route. Every route declares one (checked at start-up), and `checkAccess` is the only place
 * that enforces it. `admin` lists the member roles that may use the route as ADMIN callers; `scope` is the
 * API-key scope an APP caller needs ('any' lets every valid key in).
 */
export type Access =
  | 'public'
  | {
      visitor?: boolean;
      member?: boolean;
      admin?: Array<'OWNER' | 'CONTRIBUTOR'>;
      scope?: ApiKeyScope | 'any';
    };

export function hasScope(caller: Caller, scope: ApiKeyScope | 'any'): boolean {
  if (caller.type !== 'APP') return false;
  return scope === 'any' || caller.scopes.includes('*') || caller.scopes.includes(scope);
}

/** Throws 401 for a missing caller and 403 for one the route does not admit; says nothing about the data. */
export function checkAccess(access: Access, caller: Caller): void {
  if (access === 'public') return;
  const allowed =
    (caller.type === 'ANONYMOUS_VISITOR' && access.visitor === true) ||
    (caller.type === 'MEMBER' &&
      (access.member === true || (access.admin ?? []).includes(caller.role as 'OWNER' | 'CONTRIBUTOR'))) ||
    (caller.type === 'APP' && access.scope !== undefined && hasScope(caller, access.scope));
  if (allowed) return;
  if (caller.type === 'NONE') {
    throw new AppError('UNAUTHENTICATED', 'Authentication required: send an access token or an API key', {
      applicationCode: 'UNAUTHENTICATED',
    });
  }
  const need = caller.type === 'APP' && access.scope && access.scope !== 'any' ? ` (needs scope ${access.scope})` : '';
  throw new AppError('FORBIDDEN', `This call is not allowed for this caller${need}`, { applicationCode: 'FORBIDDEN' });
}
