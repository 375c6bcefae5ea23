import { useSyncExternalStore } from 'react';
import { usePlaza } from '@plaza/react';
import type { Tokens } from '@plaza/sdk';
import type { PlazaClient } from '../plaza.js';

/** The member's role on this site, from the `member_role` claim of their access token. */
export type MemberRole = 'OWNER' | 'CONTRIBUTOR' | 'MEMBER';

/** Who this browser is, as far as its tokens tell (the server checks again on every call). */
export interface Session {
  role: 'none' | 'visitor' | 'member';
  /** The member (= identity) id, for members. */
  memberId?: string;
  memberRole?: MemberRole;
}

/** The claims of a JWT, unverified: for showing the right screen only, never for deciding access. */
export function claimsOf(jwt: string): Record<string, unknown> {
  try {
    const part = jwt.split('.')[1] ?? '';
    const json = atob(
      part
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(part.length / 4) * 4, '='),
    );
    const claims: unknown = JSON.parse(new TextDecoder().decode(Uint8Array.from(json, (c) => c.charCodeAt(0))));
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

let last: { key: string; session: Session } | undefined;

/** The session of a token pair; the same object while the tokens are the same, as useSyncExternalStore needs. */
export function sessionOf(tokens: Tokens): Session {
  const role = tokens.refreshToken.role;
  const key = `${role}|${tokens.accessToken.value}`;
  if (last?.key === key) return last.session;
  let session: Session = { role };
  if (role === 'member') {
    const claims = claimsOf(tokens.accessToken.value);
    const memberRole = claims.member_role;
    session = {
      role,
      ...(typeof claims.sub === 'string' ? { memberId: claims.sub } : {}),
      memberRole: memberRole === 'OWNER' || memberRole === 'CONTRIBUTOR' ? memberRole : 'MEMBER',
    };
  }
  last = { key, session };
  return session;
}

/** True for the roles the dashboard is for. */
export const isStaff = (s: Session) => s.memberRole === 'OWNER' || s.memberRole === 'CONTRIBUTOR';

/** The current session; re-renders on login, logout, renewal and changes made in other tabs. */
export function useSession(): Session {
  const auth = usePlaza<PlazaClient>().auth;
  return useSyncExternalStore(
    (onChange) => auth.onTokensChange(() => onChange()),
    () => sessionOf(auth.getTokens()),
  );
}
