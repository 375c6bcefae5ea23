import type {
  CreateReportRequest,
  ListReportsQuery,
  ListReportsResponse,
  ReportAction,
  ReportResponse,
} from '@plaza/contracts';
import { defineMethod, seg } from '../core/method.js';

export type { CreateReportRequest, ListReportsResponse, ReportAction, ReportResponse };

/** Options of {@link listReports}: the `paging.limit`/`paging.offset` query parameters as one `paging` object. */
export type ListReportsOptions = Omit<ListReportsQuery, 'paging.limit' | 'paging.offset'> & {
  paging?: { limit?: number; offset?: number };
};

// Member reports: part of the members module (`@plaza/sdk/members`), kept in their own file.

/**
 * Reports another member to the owner (one open report per reporter and member).
 *
 * @example
 * await client.members.reportMember({ memberId, reason: 'SPAM', text: 'Posts links in every review' });
 */
export const reportMember = defineMethod<[request: CreateReportRequest], ReportResponse>({
  argumentNames: ['request'],
  request: (request) => ({ method: 'POST', path: '/members/v1/reports', body: request }),
});

/**
 * The reports queue, newest first; for owners, contributors and API keys.
 *
 * @example
 * const { reports, metadata } = await admin.members.listReports({ status: 'OPEN', paging: { limit: 20 } });
 */
export const listReports = defineMethod<[query?: ListReportsOptions], ListReportsResponse>({
  argumentNames: ['query'],
  request: (query) => ({ method: 'GET', path: '/members/v1/reports', query }),
});

/**
 * Closes a report: DISMISS, or MUTE / BLOCK, which act on the reported member too.
 *
 * @example
 * const { report } = await admin.members.resolveReport(reportId, 'MUTE');
 */
export const resolveReport = defineMethod<[reportId: string, action: ReportAction], ReportResponse>({
  argumentNames: ['reportId', 'action'],
  request: (reportId, action) => ({
    method: 'POST',
    path: `/members/v1/reports/${seg(reportId)}/resolve`,
    body: { action },
  }),
});
