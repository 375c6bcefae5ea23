import type { AuthMember } from '@plaza/react';

/** True for the roles the dashboard is for (from the member token's `member_role`; the server checks every call). */
export const isStaff = (member: AuthMember | null | undefined): boolean =>
  member?.role === 'OWNER' || member?.role === 'CONTRIBUTOR';
