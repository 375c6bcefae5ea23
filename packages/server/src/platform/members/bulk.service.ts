import type {
  BulkByFilterRequest,
  BulkDeleteByFilterRequest,
  BulkDeleteMembersRequest,
  JobKind,
  StartJobResponse,
} from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { enqueueJob } from '../jobs/index.js';
import { checkAssignee } from './delete.service.js';
import { memberWhere } from './read.service.js';

/**
 * The bulk calls check their input now (a bad filter is a 400 naming `filter.<field>`) and queue a job that does
 * the work in batches; they answer with its id at once. Progress: GET /jobs/v1/jobs/{jobId}.
 */
async function start(ctx: Ctx, kind: JobKind, payload: Record<string, unknown>): Promise<StartJobResponse> {
  return { jobId: await enqueueJob(ctx, { kind, payload }) };
}

/** POST /members/v1/members/bulk/delete */
export async function bulkDelete(ctx: Ctx, req: BulkDeleteMembersRequest): Promise<StartJobResponse> {
  await checkAssignee(ctx, new Set(req.memberIds), req.contentAssigneeId);
  return start(ctx, 'MEMBERS_BULK_DELETE', { ...req });
}

/** POST /members/v1/members/bulk/delete-by-filter */
export async function bulkDeleteByFilter(ctx: Ctx, req: BulkDeleteByFilterRequest): Promise<StartJobResponse> {
  memberWhere(ctx, req.filter, req.search?.expression, 'filter');
  await checkAssignee(ctx, new Set(), req.contentAssigneeId);
  return start(ctx, 'MEMBERS_BULK_DELETE_BY_FILTER', { ...req });
}

/** POST /members/v1/members/bulk/approve-by-filter and /block-by-filter */
export async function bulkStatusByFilter(
  ctx: Ctx,
  action: 'approve' | 'block',
  req: BulkByFilterRequest,
): Promise<StartJobResponse> {
  memberWhere(ctx, req.filter, req.search?.expression, 'filter');
  return start(ctx, action === 'approve' ? 'MEMBERS_BULK_APPROVE_BY_FILTER' : 'MEMBERS_BULK_BLOCK_BY_FILTER', {
    ...req,
  });
}
