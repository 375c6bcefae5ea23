import { Type, type Static } from 'typebox';
import { PageBody } from '../common/bodies.js';
import { DateString, StringEnum } from '../common/schema.js';
import { PagingMetadata, PagingQuery } from '../common/paging.js';
import { REPORT_LIMITS } from './limits.js';
import { Member } from './member.js';
import { REPORT_REASONS } from './report-reasons.js';
export { REPORT_REASONS };

export type ReportReason = (typeof REPORT_REASONS)[number];
/** OPEN until the owner acts: DISMISSED, or RESOLVED with the action taken on the reported member. */
export const REPORT_STATUSES = ['OPEN', 'RESOLVED', 'DISMISSED'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
export const REPORT_ACTIONS = ['DISMISS', 'MUTE', 'BLOCK'] as const;
export type ReportAction = (typeof REPORT_ACTIONS)[number];

export const MemberReport = Type.Object({
  id: Type.String({ format: 'uuid' }),
  reportedMemberId: Type.String({ format: 'uuid' }),
  /** The reporter; owners see it, the reported member never does. */
  reporterMemberId: Type.String({ format: 'uuid' }),
  reason: StringEnum(REPORT_REASONS),
  text: Type.Optional(Type.String()),
  status: StringEnum(REPORT_STATUSES),
  action: Type.Optional(StringEnum(REPORT_ACTIONS)),
  createdDate: DateString,
  resolvedDate: Type.Optional(DateString),
  /** PUBLIC fieldset of the reported member, for the owner's queue. */
  reportedMember: Type.Optional(Member),
});
export type MemberReport = Static<typeof MemberReport>;

/** POST /members/v1/reports: one open report per reporter and member. */
export const CreateReportRequest = Type.Object(
  {
    memberId: Type.String({ format: 'uuid' }),
    reason: StringEnum(REPORT_REASONS),
    text: Type.Optional(Type.String({ maxLength: REPORT_LIMITS.text })),
  },
  { additionalProperties: false },
);
export type CreateReportRequest = Static<typeof CreateReportRequest>;

export const ReportResponse = Type.Object({ report: MemberReport });
export type ReportResponse = Static<typeof ReportResponse>;

export const ListReportsQuery = Type.Object(
  {
    status: Type.Optional(StringEnum(REPORT_STATUSES)),
    memberId: Type.Optional(Type.String({ format: 'uuid' })),
    ...PagingQuery,
  },
  { additionalProperties: false },
);
export type ListReportsQuery = Static<typeof ListReportsQuery>;

export const ListReportsResponse = PageBody('reports', MemberReport, { metadata: PagingMetadata });
export type ListReportsResponse = Static<typeof ListReportsResponse>;

/** POST /members/v1/reports/{reportId}/resolve: MUTE and BLOCK act on the reported member too. */
export const ResolveReportRequest = Type.Object(
  { action: StringEnum(REPORT_ACTIONS) },
  { additionalProperties: false },
);
export type ResolveReportRequest = Static<typeof ResolveReportRequest>;
