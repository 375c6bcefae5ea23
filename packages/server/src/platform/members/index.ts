// Members: the site's people, their profiles, moderation and reports. Other modules and root files reach it here.
export { memberJobHandlers } from './bulk.jobs.js';
export { insertMember } from './create.js';
export { onMemberContentHandOver, onMembersChanged } from './hooks.js';
export { memberApprovalDecided, memberSignedIn, memberStanding } from './identity-side.js';
export {
  memberActivityStatus,
  memberAuthors,
  memberIdsWithLoginEmail,
  memberLoginEmail,
  memberNames,
} from './lookups.js';
export { ensureOwner } from './owner.js';
export { createOwner, OwnerAccessError, resetOwnerPassword } from './owner-access.js';
export { membersRoutes } from './routes.js';
export { membersChanged } from './totals.js';
