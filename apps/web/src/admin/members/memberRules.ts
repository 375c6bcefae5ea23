import type {
  ActivityStatus,
  Member,
  MemberFilter,
  MemberRoleName,
  MemberSort,
  MemberStatus,
  QueryMembersRequest,
} from '@plaza/contracts';

// Written out rather than imported: the contracts' values would pull the schema library into the dashboard chunk.
export const statusLabels: Record<MemberStatus, string> = {
  UNKNOWN: 'Unknown',
  PENDING: 'Pending',
  APPROVED: 'Approved',
  BLOCKED: 'Blocked',
  OFFLINE: 'Offline',
};
export const roleLabels: Record<MemberRoleName, string> = {
  UNDEFINED_ROLE: 'No role',
  MEMBER: 'Member',
  CONTRIBUTOR: 'Contributor',
  OWNER: 'Owner',
};
export const activityLabels: Record<ActivityStatus, string> = { ACTIVE: 'Active', MUTED: 'Muted' };

export type MemberAction = 'approve' | 'block' | 'disconnect' | 'mute' | 'unmute' | 'delete';

/** The server's transition table: the statuses each status-changing action may start from. */
export const ALLOWED_FROM: Record<'approve' | 'block' | 'disconnect', readonly MemberStatus[]> = {
  approve: ['UNKNOWN', 'PENDING', 'BLOCKED', 'OFFLINE'],
  block: ['UNKNOWN', 'PENDING', 'APPROVED', 'OFFLINE'],
  disconnect: ['UNKNOWN', 'PENDING', 'APPROVED'],
};

const verbs: Record<MemberAction, string> = {
  approve: 'approved',
  block: 'blocked',
  disconnect: 'disconnected',
  mute: 'muted',
  unmute: 'unmuted',
  delete: 'deleted',
};

/**
 * Why `action` is not possible on `member` now, in words for a tooltip, or null when it is. Mirrors the server so
 * the buttons say so before a 409; the server stays the judge.
 */
export function actionBlocker(member: Member, action: MemberAction): string | null {
  if (member.role === 'OWNER') return `The site owner can't be ${verbs[action]}.`;
  if (action === 'mute') return member.activityStatus === 'MUTED' ? 'Already muted.' : null;
  if (action === 'unmute') return member.activityStatus === 'MUTED' ? null : 'Not muted.';
  if (action === 'delete') return null;
  const status = member.status ?? 'UNKNOWN';
  if (ALLOWED_FROM[action].includes(status)) return null;
  if (action === 'approve' && status === 'APPROVED') return 'Already approved.';
  if (action === 'block' && status === 'BLOCKED') return 'Already blocked.';
  if (action === 'disconnect' && status === 'OFFLINE') return 'Already offline.';
  return `A ${statusLabels[status].toLowerCase()} member can't be ${verbs[action]}.`;
}

/** The member's name for lists: nickname, else first and last name, else the login e-mail, else the slug. */
export function memberName(member: Pick<Member, 'profile' | 'contact' | 'loginEmail' | 'slug'>): string {
  const fullName = [member.contact?.firstName, member.contact?.lastName].filter(Boolean).join(' ');
  return member.profile.nickname || fullName || member.loginEmail || member.slug;
}

export function fullName(member: Pick<Member, 'contact'>): string {
  return [member.contact?.firstName, member.contact?.lastName].filter(Boolean).join(' ');
}

/** Up to two letters for an avatar without a photo. */
export function initials(name: string): string {
  const letters = name
    .split(/[\s@._-]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase());
  return letters.join('') || '?';
}

/** The table's sortable columns and the member fields each sorts by. */
export const SORT_KEYS = {
  nickname: ['profile.nickname'],
  name: ['contact.lastName', 'contact.firstName'],
  created: ['createdDate'],
  lastLogin: ['lastLoginDate'],
} as const satisfies Record<string, ReadonlyArray<MemberSort['fieldName']>>;
export type SortKey = keyof typeof SORT_KEYS;
export interface TableSort {
  key: SortKey;
  order: 'ASC' | 'DESC';
}

export interface MemberFilters {
  search: string;
  status: MemberStatus | '';
  role: MemberRoleName | '';
  activityStatus: ActivityStatus | '';
}

export const noFilters: MemberFilters = { search: '', status: '', role: '', activityStatus: '' };

/** The query filter of the chosen dropdowns; `{}` (everyone) when none is chosen. */
export function filterOf(filters: MemberFilters): MemberFilter {
  const filter: MemberFilter = {};
  if (filters.status) filter.status = filters.status;
  if (filters.role) filter.role = filters.role;
  if (filters.activityStatus) filter.activityStatus = filters.activityStatus;
  return filter;
}

/** The search part of a query, absent for a blank box (the server wants at least one character). */
export function searchOf(filters: MemberFilters): { expression: string } | undefined {
  const expression = filters.search.trim().slice(0, 100);
  return expression ? { expression } : undefined;
}

/** POST /members/v1/members/query for one page of the table, with every field (FULL) as the owner sees it. */
export function tableRequest(
  filters: MemberFilters,
  sort: TableSort,
  paging: { limit: number; offset: number },
): QueryMembersRequest {
  const search = searchOf(filters);
  return {
    query: {
      filter: filterOf(filters),
      sort: SORT_KEYS[sort.key].map((fieldName) => ({ fieldName, order: sort.order })),
      paging,
    },
    ...(search ? { search } : {}),
    fieldsets: ['FULL'],
  };
}

/** Approve and block of a hand-picked selection go through the by-filter routes with the ids as the filter. */
export const idsFilter = (ids: readonly string[]): MemberFilter => ({ id: { $in: [...ids] } });
