import { membersChanged } from './platform/members/index.js';

const COMMUNITY_WRITE = /^\/(members|reviews|identity|jobs)\//;
/** POST routes that only read (queries too long for a GET). */
const READ_BY_POST = /\/(query|count)(\?|$)/;

/**
 * What a successful write leaves behind, whether it came over REST or through GraphQL: a write to members, reviews
 * or identities may change what cached lists show, so they are dropped before the answer leaves and the caller's
 * next read on this node sees the change.
 */
export function afterSuccessfulWrite(method: string, url: string): void {
  const write = method !== 'GET' && method !== 'HEAD' && !READ_BY_POST.test(url);
  if (write && COMMUNITY_WRITE.test(url)) membersChanged();
}
