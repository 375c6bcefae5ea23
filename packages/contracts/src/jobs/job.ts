import { Type, type Static } from 'typebox';
import { DateString, StringEnum } from '../common/schema.js';

/** Background work that runs in the job worker, on any node. */
export const JOB_KINDS = [
  'MEMBERS_BULK_DELETE',
  'MEMBERS_BULK_DELETE_BY_FILTER',
  'MEMBERS_BULK_APPROVE_BY_FILTER',
  'MEMBERS_BULK_BLOCK_BY_FILTER',
  'REVIEW_REQUEST_SEND',
  'BACK_IN_STOCK_NOTIFY',
  'ABANDONED_CHECKOUT_REMINDER',
  'PAYMENT_SCHEDULED_ACTION',
  'PAYMENT_AUTHORIZATION_SWEEP',
  'PAYMENT_OPERATION',
  'STRIPE_SESSION_CHECK',
  'ORDER_DOWNLOAD_LINKS',
  'SUBSCRIPTION_RENEWAL',
  'MEDIA_PROCESS',
  'MEDIA_IMPORT',
] as const;
export type JobKind = (typeof JOB_KINDS)[number];
/** COMPLETED means every item was tried; failed items are in `failures`. FAILED means the job itself broke off. */
export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED', 'CANCELED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JobItemFailure = Type.Object({
  itemId: Type.String(),
  code: Type.String(),
  message: Type.String(),
});
export type JobItemFailure = Static<typeof JobItemFailure>;

export const Job = Type.Object({
  id: Type.String({ format: 'uuid' }),
  kind: StringEnum(JOB_KINDS),
  status: StringEnum(JOB_STATUSES),
  progress: Type.Object({
    /** Items the job will go through (known once it starts). */
    total: Type.Integer(),
    processed: Type.Integer(),
    succeeded: Type.Integer(),
    failed: Type.Integer(),
  }),
  /** The first 100 item failures. */
  failures: Type.Array(JobItemFailure),
  error: Type.Optional(Type.String()),
  createdDate: DateString,
  startedDate: Type.Optional(DateString),
  finishedDate: Type.Optional(DateString),
});
export type Job = Static<typeof Job>;

export const JobResponse = Type.Object({ job: Job });
export type JobResponse = Static<typeof JobResponse>;
/** What a bulk call answers at once: the job to poll at GET /jobs/v1/jobs/{jobId}. */
export const StartJobResponse = Type.Object({ jobId: Type.String({ format: 'uuid' }) });
export type StartJobResponse = Static<typeof StartJobResponse>;
