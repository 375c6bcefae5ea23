import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { IdentityProfile } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';

/** The member of a new identity, as registration knows it. */
export interface NewIdentityMember {
  id: string;
  email: string;
  profile: IdentityProfile;
  status: 'PENDING' | 'APPROVED';
  now: Date;
  /** false: the caller completes the member in the same transaction and emits its created event itself. */
  announce?: boolean;
}

/**
 * What identity needs from the member of each identity (same id). The members module answers: it sits above
 * identity (its table references identities), so identity asks through this hook, set once by the app in
 * src/module-wiring.ts.
 */
export interface IdentityMembers {
  /** The member's status and role as SQL reading the member of `identityId`, so sign-in keeps to one query. */
  standing(identityId: AnyPgColumn): { status: SQL<string | null>; role: SQL<string | null> };
  /** Inside the creating transaction: the member of a new identity. */
  created(tx: Ctx, member: NewIdentityMember): Promise<void>;
  /** A session started: the member's last login. */
  signedIn(ctx: Ctx, identityId: string, at: Date): Promise<void>;
  /** The owner approved or rejected the identity; its member follows in the same transaction. */
  approvalDecided(tx: Ctx, identityId: string, status: 'APPROVED' | 'BLOCKED', at: Date): Promise<void>;
}

let answer: IdentityMembers = {
  standing: () => ({ status: sql<string | null>`null`, role: sql<string | null>`null` }),
  created: async () => undefined,
  signedIn: async () => undefined,
  approvalDecided: async () => undefined,
};

export function useIdentityMembers(registered: IdentityMembers): void {
  answer = registered;
}

export const identityMembers = (): IdentityMembers => answer;
