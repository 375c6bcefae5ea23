import { describe, expect, it, vi } from 'vitest';
import type { PlazaClient } from '../../plaza.js';
import { startBulkJob, type BulkTarget } from './bulk.js';

function fakePlaza() {
  const started = { jobId: 'job-1' };
  const members = {
    bulkApproveMembersByFilter: vi.fn(async () => started),
    bulkBlockMembersByFilter: vi.fn(async () => started),
    bulkDeleteMembers: vi.fn(async () => started),
    bulkDeleteMembersByFilter: vi.fn(async () => started),
  };
  return { plaza: { members } as unknown as PlazaClient, members };
}

const picked: BulkTarget = { kind: 'ids', ids: ['a', 'b'] };
const matching: BulkTarget = { kind: 'filter', filter: { status: 'PENDING' }, search: { expression: 'ann' } };

describe('startBulkJob', () => {
  it('approves and blocks picked rows through the by-filter routes with their ids', async () => {
    const { plaza, members } = fakePlaza();
    await expect(startBulkJob(plaza, 'approve', picked)).resolves.toEqual({ jobId: 'job-1' });
    expect(members.bulkApproveMembersByFilter).toHaveBeenCalledWith({ id: { $in: ['a', 'b'] } }, undefined);
    await startBulkJob(plaza, 'block', picked);
    expect(members.bulkBlockMembersByFilter).toHaveBeenCalledWith({ id: { $in: ['a', 'b'] } }, undefined);
  });

  it('acts on everyone matching with the filter and the search', async () => {
    const { plaza, members } = fakePlaza();
    await startBulkJob(plaza, 'block', matching);
    expect(members.bulkBlockMembersByFilter).toHaveBeenCalledWith({ status: 'PENDING' }, { expression: 'ann' });
    await startBulkJob(plaza, 'delete', matching, 'heir');
    expect(members.bulkDeleteMembersByFilter).toHaveBeenCalledWith(
      { status: 'PENDING' },
      { search: { expression: 'ann' }, contentAssigneeId: 'heir' },
    );
  });

  it('deletes picked rows by id, reassigning their reviews only when asked', async () => {
    const { plaza, members } = fakePlaza();
    await startBulkJob(plaza, 'delete', picked);
    expect(members.bulkDeleteMembers).toHaveBeenCalledWith(['a', 'b'], undefined);
    await startBulkJob(plaza, 'delete', picked, 'heir');
    expect(members.bulkDeleteMembers).toHaveBeenLastCalledWith(['a', 'b'], 'heir');
    expect(members.bulkDeleteMembersByFilter).not.toHaveBeenCalled();
  });
});
