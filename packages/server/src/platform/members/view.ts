import { getTableColumns } from 'drizzle-orm';
import type { Fieldset, Member, MemberRoleName, MemberStatus, ActivityStatus, PrivacyStatus } from '@plaza/contracts';
import type { Caller } from '../../kernel/caller.js';
import { hasScope } from '../../kernel/caller.js';
import { members } from './tables.js';

export type MemberRow = Omit<typeof members.$inferSelect, 'searchText'>;

/** Every column but the generated search text: what reads select. */
const { searchText: _searchText, ...memberColumns } = getTableColumns(members);
export { memberColumns };

const RANK: Record<Fieldset, number> = { PUBLIC: 0, EXTENDED: 1, FULL: 2 };

/**
 * The most a caller may read of members other than themselves: owners and `members` API keys everything,
 * contributors all but contact data (personal data), everybody else the public profile.
 */
export function readCap(caller: Caller): Fieldset {
  if (caller.type === 'APP') return hasScope(caller, 'members') ? 'FULL' : 'PUBLIC';
  if (caller.type === 'MEMBER' && caller.role === 'OWNER') return 'FULL';
  if (caller.type === 'MEMBER' && caller.role === 'CONTRIBUTOR') return 'EXTENDED';
  return 'PUBLIC';
}

/** Readers capped at PUBLIC only see PUBLIC, APPROVED members (and themselves). */
export const seesEveryone = (caller: Caller): boolean => readCap(caller) !== 'PUBLIC';

export const selfId = (caller: Caller): string | undefined => (caller.type === 'MEMBER' ? caller.memberId : undefined);

/** The widest fieldset asked for (or `fallback`), lowered to `cap`: asking for more than one may read is not an error. */
export function chooseFieldset(asked: readonly Fieldset[] | undefined, cap: Fieldset, fallback: Fieldset): Fieldset {
  const want = asked?.length ? asked.reduce((a, b) => (RANK[b] > RANK[a] ? b : a)) : fallback;
  return RANK[want] <= RANK[cap] ? want : cap;
}

export const atLeast = (f: Fieldset, min: Fieldset): boolean => RANK[f] >= RANK[min];

const iso = (d: Date | null) => (d ? d.toISOString() : undefined);

/** A member row as the API shows it in `fieldset` (see FIELDSETS). */
export function toMember(r: MemberRow, fieldset: Fieldset): Member {
  const m: Member = {
    id: r.id,
    slug: r.slug,
    profile: {
      ...(r.nickname !== null ? { nickname: r.nickname } : {}),
      ...(r.photoUrl ? { photo: { url: r.photoUrl } } : {}),
      ...(r.title !== null ? { title: r.title } : {}),
    },
    privacyStatus: r.privacyStatus as PrivacyStatus,
  };
  if (!atLeast(fieldset, 'EXTENDED')) return m;
  if (r.coverUrl) m.profile.cover = { url: r.coverUrl };
  if (r.profileFields.length) m.profile.customFields = r.profileFields;
  Object.assign(m, {
    status: r.status as MemberStatus,
    activityStatus: r.activityStatus as ActivityStatus,
    role: r.role as MemberRoleName,
    createdDate: r.createdDate.toISOString(),
    updatedDate: r.updatedDate.toISOString(),
    ...(r.lastLoginDate ? { lastLoginDate: iso(r.lastLoginDate) } : {}),
  });
  if (!atLeast(fieldset, 'FULL')) return m;
  m.contact = {
    ...(r.firstName !== null ? { firstName: r.firstName } : {}),
    ...(r.lastName !== null ? { lastName: r.lastName } : {}),
    ...r.contact,
  };
  if (r.loginEmail) m.loginEmail = r.loginEmail;
  if (r.lastReportDate) m.lastReportDate = r.lastReportDate.toISOString();
  return m;
}
