import {
  BulkByFilterRequest,
  BulkDeleteByFilterRequest,
  BulkDeleteMembersRequest,
  StartJobResponse,
} from '@plaza/contracts';
import type { App } from '../../http/types.js';
import { bulkDelete, bulkDeleteByFilter, bulkStatusByFilter } from './bulk.service.js';
import { memberRoute } from './members.routes.js';

const poll = ' Answers at once with the job id; poll GET /jobs/v1/jobs/{jobId} for progress and item failures.';

/** Bulk actions run as jobs over any number of members; one failing member does not stop the others. */
export function bulkRoutes(app: App): void {
  app.post(
    '/members/v1/members/bulk/delete',
    memberRoute({
      summary: 'Delete members by id',
      description: 'Up to 10,000 ids. Reviews go to `contentAssigneeId` when given, else are removed.' + poll,
      body: BulkDeleteMembersRequest,
      response: StartJobResponse,
    }),
    async (req) => bulkDelete(req.ctx, req.body),
  );

  app.post(
    '/members/v1/members/bulk/delete-by-filter',
    memberRoute({
      summary: 'Delete the members a filter selects',
      description: 'Filter and search as in the member query; `{}` selects everyone. Owners are skipped.' + poll,
      body: BulkDeleteByFilterRequest,
      response: StartJobResponse,
    }),
    async (req) => bulkDeleteByFilter(req.ctx, req.body),
  );

  for (const action of ['approve', 'block'] as const) {
    app.post(
      `/members/v1/members/bulk/${action}-by-filter`,
      memberRoute({
        summary: `${action === 'approve' ? 'Approve' : 'Block'} the members a filter selects`,
        description:
          `The transition rules of /${action} apply to each member; members already ${
            action === 'approve' ? 'APPROVED' : 'BLOCKED'
          } count as done${action === 'block' ? ', owners are skipped and sessions end' : ''}.` + poll,
        body: BulkByFilterRequest,
        response: StartJobResponse,
      }),
      async (req) => bulkStatusByFilter(req.ctx, action, req.body),
    );
  }
}
