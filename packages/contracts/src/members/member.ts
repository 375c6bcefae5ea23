import { Type, type Static } from 'typebox';
import { PageBody, WithEchoedId } from '../common/bodies.js';
import { QueryFilter, SortBy, SortOrder } from '../common/query.js';
import { DateString, FieldMask, StringEnum } from '../common/schema.js';
import { OffsetPageFields, PagingMetadata, PagingQuery } from '../common/paging.js';
import { CustomField, ProfileAddress, ProfileEmail, ProfilePhone } from '../identity/identity.js';
import { BIRTHDATE_PATTERN, MEMBER_LIMITS, SLUG_PATTERN } from './limits.js';

export const MEMBER_STATUSES = ['UNKNOWN', 'PENDING', 'APPROVED', 'BLOCKED', 'OFFLINE'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];
/** The platform's older status names, still accepted in filters (see LEGACY_MEMBER_STATUS_MAP). */
export const LEGACY_MEMBER_STATUSES = ['APPLICANT', 'ACTIVE', 'INACTIVE', 'BLOCKED', 'OFFLINE_ONLY'] as const;
export type LegacyMemberStatus = (typeof LEGACY_MEMBER_STATUSES)[number];
/**
 * How a legacy status in a filter reads in the current set: an applicant awaits approval, an active member is
 * approved, an inactive member has no usable status any more, offline-only members are OFFLINE.
 */
export const LEGACY_MEMBER_STATUS_MAP: Record<LegacyMemberStatus, MemberStatus> = {
  APPLICANT: 'PENDING',
  ACTIVE: 'APPROVED',
  INACTIVE: 'UNKNOWN',
  BLOCKED: 'BLOCKED',
  OFFLINE_ONLY: 'OFFLINE',
};
export const ACTIVITY_STATUSES = ['ACTIVE', 'MUTED'] as const;
export type ActivityStatus = (typeof ACTIVITY_STATUSES)[number];
export const PRIVACY_STATUSES = ['PRIVATE', 'PUBLIC'] as const;
export type PrivacyStatus = (typeof PRIVACY_STATUSES)[number];
export const MEMBER_ROLES = ['UNDEFINED_ROLE', 'MEMBER', 'OWNER', 'CONTRIBUTOR'] as const;
export type MemberRoleName = (typeof MEMBER_ROLES)[number];
/**
 * PUBLIC: id, slug, profile nickname/photo/title, privacyStatus. EXTENDED adds status, activityStatus, role, dates and
 * the rest of the profile. FULL adds contact, loginEmail and lastReportDate.
 */
export const FIELDSETS = ['PUBLIC', 'EXTENDED', 'FULL'] as const;
export type Fieldset = (typeof FIELDSETS)[number];
export const MEMBERS_ACCOUNT_SECTIONS = ['ACCOUNT_INFO', 'BOOKINGS', 'ORDERS', 'SUBSCRIPTIONS', 'EVENTS'] as const;

const Text = (maxLength: number) => Type.String({ maxLength });
const Image = Type.Object(
  { url: Type.String({ minLength: 1, maxLength: MEMBER_LIMITS.imageUrl }) },
  { additionalProperties: false },
);

export const MemberContact = Type.Object(
  {
    firstName: Type.Optional(Text(MEMBER_LIMITS.firstName)),
    lastName: Type.Optional(Text(MEMBER_LIMITS.lastName)),
    company: Type.Optional(Text(MEMBER_LIMITS.company)),
    jobTitle: Type.Optional(Text(MEMBER_LIMITS.jobTitle)),
    /** YYYY-MM-DD. */
    birthdate: Type.Optional(Type.String({ pattern: BIRTHDATE_PATTERN })),
    emails: Type.Optional(Type.Array(ProfileEmail, { maxItems: 10 })),
    phones: Type.Optional(Type.Array(ProfilePhone, { maxItems: 10 })),
    addresses: Type.Optional(Type.Array(ProfileAddress, { maxItems: 10 })),
    customFields: Type.Optional(Type.Array(CustomField, { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type MemberContact = Static<typeof MemberContact>;

export const MemberProfile = Type.Object(
  {
    nickname: Type.Optional(Text(MEMBER_LIMITS.nickname)),
    /** http(s) URL of the avatar. */
    photo: Type.Optional(Image),
    /** http(s) URL of the cover image (EXTENDED and up). */
    cover: Type.Optional(Image),
    title: Type.Optional(Text(MEMBER_LIMITS.title)),
    customFields: Type.Optional(Type.Array(CustomField, { maxItems: 50 })),
  },
  { additionalProperties: false },
);
export type MemberProfile = Static<typeof MemberProfile>;

/** A member as the API returns it; which fields are present depends on the fieldset (see FIELDSETS). */
export const Member = Type.Object({
  id: Type.String({ format: 'uuid' }),
  slug: Type.String(),
  profile: MemberProfile,
  privacyStatus: StringEnum(PRIVACY_STATUSES),
  status: Type.Optional(StringEnum(MEMBER_STATUSES)),
  activityStatus: Type.Optional(StringEnum(ACTIVITY_STATUSES)),
  role: Type.Optional(StringEnum(MEMBER_ROLES)),
  createdDate: Type.Optional(DateString),
  updatedDate: Type.Optional(DateString),
  lastLoginDate: Type.Optional(DateString),
  loginEmail: Type.Optional(Type.String()),
  contact: Type.Optional(MemberContact),
  lastReportDate: Type.Optional(DateString),
});
export type Member = Static<typeof Member>;

export const MemberResponse = Type.Object({ member: Member });
export type MemberResponse = Static<typeof MemberResponse>;

export const Fieldsets = Type.Array(StringEnum(FIELDSETS), { maxItems: 3 });

/** Sortable fields of members; each has an index. */
export const MEMBER_SORT_FIELDS = [
  'profile.nickname',
  'contact.firstName',
  'contact.lastName',
  'slug',
  'createdDate',
  'updatedDate',
  'lastLoginDate',
] as const;
export { SortOrder };
export const MemberSort = SortBy(MEMBER_SORT_FIELDS);
export type MemberSort = Static<typeof MemberSort>;

/**
 * Filterable fields of members, Mongo-like: `{ status: 'APPROVED' }`, `{ role: { $in: ['OWNER'] } }`,
 * `{ createdDate: { $gte: '2026-01-01T00:00:00Z' } }`. Operators: $eq $ne $in $nin $gt $gte $lt $lte.
 * `status` also accepts the legacy names.
 */
export const MEMBER_FILTER_FIELDS = [
  'id',
  'slug',
  'status',
  'role',
  'activityStatus',
  'privacyStatus',
  'loginEmail',
  'profile.nickname',
  'contact.firstName',
  'contact.lastName',
  'createdDate',
  'updatedDate',
  'lastLoginDate',
] as const;
export const MemberFilter = QueryFilter;
export type MemberFilter = Record<string, unknown>;

/** Free-text search over names, nickname and login e-mail (case-insensitive substring). */
export const MemberSearch = Type.Object(
  { expression: Type.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
);

/** GET /members/v1/members: `?paging.limit=&paging.offset=&fieldsets=&sorting.fieldName=&sorting.order=`. */
export const ListMembersQuery = Type.Object(
  {
    ...PagingQuery,
    fieldsets: Type.Optional(Fieldsets),
    'sorting.fieldName': Type.Optional(StringEnum(MEMBER_SORT_FIELDS)),
    'sorting.order': Type.Optional(SortOrder),
  },
  { additionalProperties: false },
);
export type ListMembersQuery = Static<typeof ListMembersQuery>;

export const OffsetPaging = Type.Object(OffsetPageFields, { additionalProperties: false });

/** POST /members/v1/members/query */
export const QueryMembersRequest = Type.Object(
  {
    query: Type.Optional(
      Type.Object(
        {
          filter: Type.Optional(MemberFilter),
          sort: Type.Optional(Type.Array(MemberSort, { maxItems: 3 })),
          paging: Type.Optional(OffsetPaging),
        },
        { additionalProperties: false },
      ),
    ),
    search: Type.Optional(MemberSearch),
    fieldsets: Type.Optional(Fieldsets),
  },
  { additionalProperties: false },
);
export type QueryMembersRequest = Static<typeof QueryMembersRequest>;

export const ListMembersResponse = PageBody('members', Member, { metadata: PagingMetadata });
export type ListMembersResponse = Static<typeof ListMembersResponse>;

export const GetMemberQuery = Type.Object({ fieldsets: Type.Optional(Fieldsets) }, { additionalProperties: false });
export type GetMemberQuery = Static<typeof GetMemberQuery>;

export const Slug = Type.String({ minLength: 1, maxLength: MEMBER_LIMITS.slug, pattern: SLUG_PATTERN });
export const UpdateSlugRequest = Type.Object({ slug: Slug }, { additionalProperties: false });
export type UpdateSlugRequest = Static<typeof UpdateSlugRequest>;

/** `DELETE /my` and `DELETE /{id}`: reviews of the deleted member go to this member, or are removed without it. */
export const DeleteMemberQuery = Type.Object(
  { contentAssigneeId: Type.Optional(Type.String({ format: 'uuid' })) },
  { additionalProperties: false },
);
export type DeleteMemberQuery = Static<typeof DeleteMemberQuery>;

/** The writable part of a member for create and PATCH. */
export const MemberInput = Type.Object(
  {
    loginEmail: Type.Optional(Type.String({ minLength: 3, maxLength: 254 })),
    contact: Type.Optional(MemberContact),
    profile: Type.Optional(MemberProfile),
    role: Type.Optional(StringEnum(MEMBER_ROLES)),
    privacyStatus: Type.Optional(StringEnum(PRIVACY_STATUSES)),
  },
  { additionalProperties: false },
);
export type MemberInput = Static<typeof MemberInput>;

/** POST /members/v1/members: an identity without password (it signs in after password recovery or SSO). */
export const CreateMemberRequest = Type.Object(
  { member: Type.Intersect([MemberInput, Type.Object({ loginEmail: Type.String({ minLength: 3, maxLength: 254 }) })]) },
  { additionalProperties: false },
);
export type CreateMemberRequest = Static<typeof CreateMemberRequest>;

/**
 * PATCH /members/v1/members/{id}: with `fieldMask`, only its paths change; without one, the fields given (as the
 * platform does). `member.id` may repeat the path's id.
 */
export const UpdateMemberRequest = Type.Object(
  { member: WithEchoedId(MemberInput), fieldMask: Type.Optional(FieldMask) },
  { additionalProperties: false },
);
export type UpdateMemberRequest = Static<typeof UpdateMemberRequest>;

/** PATCH mask paths a member may change on themselves. */
export const MEMBER_SELF_MASK_PATHS = [
  'contact.firstName',
  'contact.lastName',
  'contact.company',
  'contact.jobTitle',
  'contact.birthdate',
  'contact.emails',
  'contact.phones',
  'contact.addresses',
  'contact.customFields',
  'profile.nickname',
  'profile.photo',
  'profile.cover',
  'profile.title',
  'profile.customFields',
] as const;
/** PATCH mask paths of owners and API keys: the member's own plus role and privacy. */
export const MEMBER_ADMIN_MASK_PATHS = [...MEMBER_SELF_MASK_PATHS, 'role', 'privacyStatus'] as const;
