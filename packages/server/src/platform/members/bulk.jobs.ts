import { and, asc, count, gt, inArray, type SQL } from 'drizzle-orm';
import type { JobItemFailure, MemberFilter } from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError } from '../../kernel/errors.js';
import { endIdentitySessions, identitiesSignedIn, releaseIdentity } from '../identity/index.js';
import type { JobHandlers, JobRun } from '../jobs/index.js';
import { deleteMemberRow } from './delete.service.js';
import { assertNotOwner } from './moderation.service.js';
import { filterSql, searchSql } from './query.js';
import { nextStatus, SIGNED_OUT_STATUSES, STATUS_TRANSITIONS, type StatusAction } from './status.js';
import { members } from './tables.js';
import { memberColumns, type MemberRow } from './view.js';
import { membersChanged } from './totals.js';

/** Members per batch; each batch is one transaction and one progress report. */
export const BATCH_SIZE = 500;

interface BatchResult {
  succeeded: number;
  failures: JobItemFailure[];
}

const failure = (itemId: string, err: unknown): JobItemFailure =>
  err instanceof AppError
    ? { itemId, code: err.options.applicationCode ?? err.code, message: err.message }
    : { itemId, code: 'INTERNAL', message: 'The member could not be processed' };

/** The members a by-filter job works on: the filter and search as an owner would run them (checked when queued). */
function selection(payload: Record<string, unknown>): SQL | undefined {
  const search = (payload.search as { expression?: string } | undefined)?.expression;
  return and(filterSql(payload.filter as MemberFilter, 'FULL', 'filter'), searchSql(search, 'FULL'));
}

/**
 * Walks the selected members in id order, one locked batch per transaction, resuming after `state.lastId`. The
 * total is counted once, on the first run. `ids` (bulk delete by id) turns the walk into one over that list, and
 * ids without a member are item failures.
 */
async function walk(
  run: JobRun,
  where: SQL | undefined,
  batch: (tx: Ctx, rows: MemberRow[]) => Promise<BatchResult>,
  ids?: string[],
): Promise<void> {
  const sorted = ids ? [...new Set(ids.map((i) => i.toLowerCase()))].sort() : undefined;
  if (typeof run.state.lastId !== 'string') {
    const total = sorted
      ? sorted.length
      : ((await run.ctx.db.select({ n: count() }).from(members).where(where))[0]?.n ?? 0);
    await run.setTotal(total);
  }
  let lastId = typeof run.state.lastId === 'string' ? run.state.lastId : undefined;
  for (;;) {
    const chunk = sorted?.filter((id) => !lastId || id > lastId).slice(0, BATCH_SIZE);
    if (chunk && !chunk.length) return;
    const result = await withTx(run.ctx, async (tx) => {
      const rows = await tx.db
        .select(memberColumns)
        .from(members)
        .where(and(chunk ? inArray(members.id, chunk) : where, lastId ? gt(members.id, lastId) : undefined))
        .orderBy(asc(members.id))
        .limit(BATCH_SIZE)
        .for('update');
      const out = rows.length ? await batch(tx, rows) : { succeeded: 0, failures: [] };
      const found = new Set(rows.map((r) => r.id));
      for (const id of chunk ?? []) {
        if (!found.has(id)) out.failures.push({ itemId: id, code: 'NOT_FOUND', message: 'Member not found' });
      }
      return { ...out, rows: rows.length, last: chunk?.at(-1) ?? rows.at(-1)?.id };
    });
    membersChanged();
    if (!result.last) return;
    lastId = result.last;
    await run.progress({ succeeded: result.succeeded, failures: result.failures, state: { lastId } });
    // PGlite runs queries on this thread: let waiting requests in between batches.
    await new Promise((resolve) => setImmediate(resolve));
    if (!chunk && result.rows < BATCH_SIZE) return;
  }
}

/**
 * Ends the sessions of the members just signed out: only those with a live session or an unrevoked token need it,
 * found with two set queries instead of one look per member.
 */
async function endSessionsOf(tx: Ctx, ids: string[]): Promise<void> {
  for (const id of await identitiesSignedIn(tx, ids)) await endIdentitySessions(tx, id);
}

/**
 * Approve or block a batch under the single routes' rules: owners can't be blocked, a forbidden transition is an
 * item failure, a member already in the target state counts as done. The changes are one UPDATE per batch.
 */
function statusBatch(action: StatusAction) {
  return async (tx: Ctx, rows: MemberRow[]): Promise<BatchResult> => {
    const { to } = STATUS_TRANSITIONS[action];
    const failures: JobItemFailure[] = [];
    const change: string[] = [];
    let already = 0;
    for (const row of rows) {
      try {
        if (action !== 'approve') assertNotOwner(row, 'blocked');
        if (row.status === to) {
          already++;
          continue;
        }
        nextStatus(action, row.status);
        change.push(row.id);
      } catch (err) {
        failures.push(failure(row.id, err));
      }
    }
    if (change.length) {
      await tx.db.update(members).set({ status: to, updatedDate: tx.clock() }).where(inArray(members.id, change));
      if (action === 'approve') {
        // Only members whose identity waits for approval or was rejected have an identity side to release.
        const held = rows.filter((r) => change.includes(r.id) && (r.status === 'PENDING' || r.status === 'BLOCKED'));
        for (const r of held) await releaseIdentity(tx, r.id);
      }
      if (SIGNED_OUT_STATUSES.includes(to)) await endSessionsOf(tx, change);
    }
    return { succeeded: already + change.length, failures };
  };
}

/** Deletes a batch one member at a time, each in its own savepoint, so one failure leaves the others done. */
function deleteBatch(contentAssigneeId: string | undefined) {
  return async (tx: Ctx, rows: MemberRow[]): Promise<BatchResult> => {
    const failures: JobItemFailure[] = [];
    let succeeded = 0;
    for (const row of rows) {
      try {
        if (row.id === contentAssigneeId) {
          throw new AppError('VALIDATION', 'The member who takes over the content is not deleted', {
            applicationCode: 'CONTENT_ASSIGNEE',
          });
        }
        await tx.db.transaction((sp) => deleteMemberRow({ ...tx, db: sp }, row, contentAssigneeId));
        succeeded++;
      } catch (err) {
        failures.push(failure(row.id, err));
      }
    }
    return { succeeded, failures };
  };
}

/** The content assignee must still exist when the job runs; otherwise the whole job fails before deleting anyone. */
async function assigneeOf(run: JobRun): Promise<string | undefined> {
  const id = run.payload.contentAssigneeId as string | undefined;
  if (!id) return undefined;
  const [row] = await run.ctx.db
    .select({ id: members.id })
    .from(members)
    .where(inArray(members.id, [id]));
  if (!row) throw new Error(`The content assignee ${id} no longer exists`);
  return id;
}

export const memberJobHandlers: JobHandlers = {
  MEMBERS_BULK_DELETE: async (run) =>
    walk(run, undefined, deleteBatch(await assigneeOf(run)), run.payload.memberIds as string[]),
  MEMBERS_BULK_DELETE_BY_FILTER: async (run) => walk(run, selection(run.payload), deleteBatch(await assigneeOf(run))),
  MEMBERS_BULK_APPROVE_BY_FILTER: (run) => walk(run, selection(run.payload), statusBatch('approve')),
  MEMBERS_BULK_BLOCK_BY_FILTER: (run) => walk(run, selection(run.payload), statusBatch('block')),
};
