import type { MemberFilter, StartJobResponse } from '@plaza/contracts';
import type { PlazaClient } from '../../plaza.js';

export type BulkAction = 'approve' | 'block' | 'delete';

/** Which members a bulk action covers: the checked rows, or everyone the current filter and search match. */
export type BulkTarget =
  | { kind: 'ids'; ids: string[] }
  | { kind: 'filter'; filter: MemberFilter; search?: { expression: string } | undefined };

export const bulkVerbs: Record<BulkAction, { verb: string; doing: string; done: string }> = {
  approve: { verb: 'Approve', doing: 'Approving', done: 'approved' },
  block: { verb: 'Block', doing: 'Blocking', done: 'blocked' },
  delete: { verb: 'Delete', doing: 'Deleting', done: 'deleted' },
};

/**
 * Starts the job of a bulk action. Deleting picked rows has its own route; approving and blocking picked rows use
 * the by-filter routes with `{ id: { $in: ids } }`.
 */
export function startBulkJob(
  plaza: PlazaClient,
  action: BulkAction,
  target: BulkTarget,
  contentAssigneeId?: string,
): Promise<StartJobResponse> {
  const filter = target.kind === 'ids' ? { id: { $in: target.ids } } : target.filter;
  const search = target.kind === 'filter' ? target.search : undefined;
  switch (action) {
    case 'approve':
      return plaza.members.bulkApproveMembersByFilter(filter, search);
    case 'block':
      return plaza.members.bulkBlockMembersByFilter(filter, search);
    case 'delete':
      return target.kind === 'ids'
        ? plaza.members.bulkDeleteMembers(target.ids, contentAssigneeId)
        : plaza.members.bulkDeleteMembersByFilter(filter, {
            ...(search ? { search } : {}),
            ...(contentAssigneeId ? { contentAssigneeId } : {}),
          });
  }
}
