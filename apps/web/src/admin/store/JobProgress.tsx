import { Alert } from '../../ui/Alert.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { useJobPoll } from '../data.js';
import { ProgressBar } from '../ui/ProgressBar.js';

const number = new Intl.NumberFormat();

/**
 * A store job followed to its end: a progress bar while it runs, then what was done and what failed, in words.
 * `noun` names the items ("mail", "mails"); `onFinished` runs once when the job ends.
 */
export function JobProgress({
  jobId,
  doing,
  done: doneWord,
  noun,
  onFinished,
}: {
  jobId: string;
  doing: string;
  done: string;
  noun: { one: string; other: string };
  onFinished?: () => void;
}) {
  const { job, error, done } = useJobPoll(jobId, onFinished);

  if (error) return <ErrorMessage error={error} />;
  if (!job || !done) {
    const p = job?.progress;
    return (
      <div className="space-y-2 rounded-lg border border-neutral-200 bg-white p-4" aria-live="polite">
        <p className="text-sm font-medium">
          {doing}…{' '}
          {p && p.total > 0 && (
            <span className="font-normal text-neutral-600 tabular-nums">
              {number.format(p.processed)} of {number.format(p.total)}
            </span>
          )}
        </p>
        <ProgressBar label={doing} value={p?.processed ?? 0} max={p?.total ?? 0} />
      </div>
    );
  }
  const { succeeded, failed, total } = job.progress;
  const words = (n: number) => `${number.format(n)} ${n === 1 ? noun.one : noun.other}`;
  return (
    <Alert
      tone={job.status === 'COMPLETED' ? (failed ? 'warning' : 'success') : 'error'}
      title={
        job.status === 'COMPLETED'
          ? `${words(succeeded)} of ${number.format(total)} ${doneWord}`
          : 'It stopped before it finished'
      }
    >
      {job.error && <p>{job.error}</p>}
      {failed > 0 && (
        <p>
          {words(failed)} could not be {doneWord}. Try again from the list of requests.
        </p>
      )}
    </Alert>
  );
}
