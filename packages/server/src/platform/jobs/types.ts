import type { JobItemFailure, JobKind } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';

/** One run of a job, handed to its handler by the worker. */
export interface JobRun {
  /** A system context (caller NONE) on the shared database; open transactions with withTx as needed. */
  ctx: Ctx;
  id: string;
  kind: JobKind;
  payload: Record<string, unknown>;
  /** What the last `progress` call saved ({} on the first run); a job taken over after a crash resumes from it. */
  state: Record<string, unknown>;
  /** Progress so far (non-zero when resuming). */
  total: number;
  processed: number;
  /** Sets the number of items the job will go through, shown as progress.total. */
  setTotal(total: number): Promise<void>;
  /**
   * Records a finished batch: adds to processed/succeeded/failed, keeps the first 100 failures, saves `state` and
   * extends the lease. Throws JobCanceledError when the job was canceled meanwhile (let it propagate).
   */
  progress(batch: { succeeded: number; failures?: JobItemFailure[]; state: Record<string, unknown> }): Promise<void>;
}

/** Does the job's work. Returning completes the job; throwing fails it (with the message as `error`). */
export type JobHandler = (run: JobRun) => Promise<void>;

export class JobCanceledError extends Error {
  constructor(id: string) {
    super(`Job ${id} was canceled`);
    this.name = 'JobCanceledError';
  }
}
