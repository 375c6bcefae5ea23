import type { EventIdentity } from '@plaza/contracts';
import type { Caller } from '../../kernel/caller.js';

/** Who caused an event, in the envelope's terms: the spec's actor types derived from the request's caller. */
export function eventIdentity(caller: Caller): EventIdentity {
  switch (caller.type) {
    case 'ANONYMOUS_VISITOR':
      return { identityType: 'ANONYMOUS_VISITOR', anonymousVisitorId: caller.visitorId };
    case 'MEMBER':
      // The owner and contributors act for the site (the hosted platform's own user type), not as community members.
      return caller.role === 'OWNER' || caller.role === 'CONTRIBUTOR'
        ? { identityType: 'PLAZA_USER', ownerId: caller.memberId }
        : { identityType: 'MEMBER', memberId: caller.memberId };
    case 'APP':
      return { identityType: 'APP', appId: caller.apiKeyId };
    default:
      return { identityType: 'UNKNOWN' };
  }
}

/**
 * Who started a job, as its row records it (`member:<id>` or `app:<id>`): its events name them. Only the owner,
 * contributors and apps start jobs, so a member there acts for the site.
 */
export function jobActor(createdBy: string | null): EventIdentity | undefined {
  const [kind, id] = createdBy?.split(':') ?? [];
  if (!id) return undefined;
  if (kind === 'member') return { identityType: 'PLAZA_USER', ownerId: id };
  if (kind === 'app') return { identityType: 'APP', appId: id };
  return undefined;
}
