import { Type } from 'typebox';
import {
  CreateReportRequest,
  ListReportsQuery,
  ListReportsResponse,
  ReportResponse,
  ResolveReportRequest,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { errors, ownerAccess } from './members.routes.js';
import { routeOptions } from '../../http/route-options.js';
import { createReport, listReports, resolveReport } from './reports.service.js';

const route = routeOptions({ tags: ['member reports'], errors, access: ownerAccess });

/** Members report members; owners (and contributors, to read) work through the queue. */
export function reportRoutes(app: App): void {
  app.post(
    '/members/v1/reports',
    route({
      summary: 'Report a member',
      description:
        'Reason SPAM, IMPERSONATION, HARASSMENT or OTHER, with an optional text. One open report per member you ' +
        "report (a second is a 409); you can not report yourself. Sets the member's lastReportDate.",
      body: CreateReportRequest,
      response: ReportResponse,
      access: { member: true },
    }),
    async (req) => ({ report: await createReport(req.ctx, req.body) }),
  );

  app.get(
    '/members/v1/reports',
    route({
      summary: 'List reports',
      description: "Newest first, with the reported member's PUBLIC profile. Owners, contributors and `members` keys.",
      querystring: ListReportsQuery,
      response: ListReportsResponse,
      access: { admin: ['OWNER', 'CONTRIBUTOR'], scope: 'members' },
    }),
    async (req) => listReports(req.ctx, req.query),
  );

  app.post(
    '/members/v1/reports/:reportId/resolve',
    route({
      summary: 'Resolve a report',
      description:
        'DISMISS closes it as DISMISSED; MUTE and BLOCK act on the reported member (owners can not be) and close ' +
        'it as RESOLVED. Only OPEN reports can be resolved.',
      params: Type.Object({ reportId: Type.String({ format: 'uuid' }) }, { additionalProperties: false }),
      body: ResolveReportRequest,
      response: ReportResponse,
    }),
    async (req) => ({ report: await resolveReport(req.ctx, req.params.reportId, req.body.action) }),
  );
}
