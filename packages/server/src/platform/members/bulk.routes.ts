import {
  BulkByFilterRequest,
  BulkDeleteByFilterRequest,
  BulkDeleteMembersRequest,
  StartJobResponse,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { bulkDelete, bulkDeleteByFilter, bulkStatusByFilter } from './bulk.service.js';
import { errors, ownerAccess, tags } from './members.routes.js';

const poll = ' Answers at once with the job id; poll GET /jobs/v1/jobs/{jobId} for progress and item failures.';

/** Bulk actions run as jobs over any number of members; one failing member does not stop the others. */
export function bulkRoutes(app: App): void {
  app.post(
    '/members/v1/members/bulk/delete',
    {
      schema: {
        tags,
        summary: 'Delete members by id',
        description: 'Up to 10,000 ids. Reviews go to `contentAssigneeId` when given, else are removed.' + poll,
        body: BulkDeleteMembersRequest,
        response: { 200: StartJobResponse, ...errors },
      },
      config: { access: ownerAccess },
    },
    async (req) => bulkDelete(req.ctx, req.body),
  );

  app.post(
    '/members/v1/members/bulk/delete-by-filter',
    {
      schema: {
        tags,
        summary: 'Delete the members a filter selects',
        description: 'Filter and search as in the member query; `{}` selects everyone. Owners are skipped.' + poll,
        body: BulkDeleteByFilterRequest,
        response: { 200: StartJobResponse, ...errors },
      },
      config: { access: ownerAccess },
    },
    async (req) => bulkDeleteByFilter(req.ctx, req.body),
  );

  for (const action of ['approve', 'block'] as const) {
    app.post(
      `/members/v1/members/bulk/${action}-by-filter`,
      {
        schema: {
          tags,
          summary: `${action === 'approve' ? 'Approve' : 'Block'} the members a filter selects`,
          description:
            `The transition rules of /${action} apply to each member; members already ${
              action === 'approve' ? 'APPROVED' : 'BLOCKED'
            } count as done${action === 'block' ? ', owners are skipped and sessions end' : ''}.` + poll,
          body: BulkByFilterRequest,
          response: { 200: StartJobResponse, ...errors },
        },
        config: { access: ownerAccess },
      },
      async (req) => bulkStatusByFilter(req.ctx, action, req.body),
    );
  }
}
