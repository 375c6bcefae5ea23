import { Link } from 'react-router';
import type { Job } from '@plaza/contracts';
import { Alert } from '../../ui/Alert.js';
import { Button } from '../../ui/Button.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { ProgressBar } from '../ui/ProgressBar.js';
import { useJobPoll } from '../data.js';
import { bulkVerbs, type BulkAction } from './bulk.js';

const number = new Intl.NumberFormat();

/**
 * The progress of a bulk job, polled until it ends; then what succeeded and each failure with its message.
 * `onFinished` runs once when the job ends (the page refreshes its table then).
 */
export function BulkJobPanel({
  jobId,
  action,
  drawerLink,
  onFinished,
  onDismiss,
}: {
  jobId: string;
  action: BulkAction;
  drawerLink: (id: string) => string;
  onFinished: () => void;
  onDismiss: () => void;
}) {
  const { job, error, done } = useJobPoll(jobId, onFinished);
  const words = bulkVerbs[action];

  if (error) return <ErrorMessage error={error} />;
  if (!job || !done) return <JobProgress progress={job?.progress} doing={words.doing} />;

  const { succeeded, failed, total } = job.progress;
  const tone =
    job.status === 'COMPLETED' && failed === 0 ? 'success' : job.status === 'COMPLETED' ? 'warning' : 'error';
  return (
    <Alert
      tone={tone}
      title={
        job.status === 'COMPLETED'
          ? `${number.format(succeeded)} of ${number.format(total)} ${total === 1 ? 'member' : 'members'} ${words.done}`
          : job.status === 'CANCELED'
            ? 'The job was canceled'
            : 'The job stopped before it finished'
      }
    >
      {job.error && <p>{job.error}</p>}
      {failed > 0 && (
        <>
          <p>
            {number.format(failed)} could not be {words.done}
            {job.failures.length < failed ? ` (the first ${job.failures.length} are listed)` : ''}:
          </p>
          <ul className="mt-2 max-h-48 list-disc space-y-1 overflow-y-auto pl-5">
            {job.failures.map((f) => (
              <li key={f.itemId}>
                {action === 'delete' ? (
                  <code className="font-mono text-xs">{f.itemId}</code>
                ) : (
                  <Link to={drawerLink(f.itemId)} className="font-mono text-xs underline underline-offset-2">
                    {f.itemId}
                  </Link>
                )}
                : {f.message}
              </li>
            ))}
          </ul>
        </>
      )}
      <Button variant="ghost" className="mt-2 -ml-2" onClick={onDismiss}>
        Dismiss
      </Button>
    </Alert>
  );
}

/** A job under way: how far it got, as words and a bar. */
function JobProgress({ progress: p, doing }: { progress: Job['progress'] | undefined; doing: string }) {
  return (
    <div className="space-y-2 rounded-lg border border-neutral-200 bg-white p-4" aria-live="polite">
      <p className="text-sm font-medium">
        {doing} members…{' '}
        {p && p.total > 0 && (
          <span className="font-normal text-neutral-600 tabular-nums">
            {number.format(p.processed)} of {number.format(p.total)}
          </span>
        )}
      </p>
      <ProgressBar label={`${doing} members`} value={p?.processed ?? 0} max={p?.total ?? 0} />
      <p className="text-xs text-neutral-600">You can keep working; the list refreshes when this is done.</p>
    </div>
  );
}
