import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { usePlaza } from '@plaza/react';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { assigneeProblem, ContentAssigneeChoice, type ContentAssignee } from './ContentAssigneeChoice.js';
import { bulkVerbs, startBulkJob, type BulkAction, type BulkTarget } from './bulk.js';

const number = new Intl.NumberFormat();

const consequences: Record<BulkAction, string> = {
  approve: 'They can log in and take part. Members who are already approved are skipped.',
  block: 'They are signed out at once and can no longer log in. The site owner is never blocked.',
  delete: 'Their accounts are deleted for good and they are signed out. This cannot be undone.',
};

/** Confirms a bulk action, stating how many members it covers, and starts its job. */
export function BulkConfirm({
  action,
  count,
  target,
  onCancel,
  onStarted,
}: {
  action: BulkAction | null;
  count: number;
  target: BulkTarget;
  onCancel: () => void;
  onStarted: (jobId: string, action: BulkAction) => void;
}) {
  const plaza = usePlaza();
  const [assignee, setAssignee] = useState<ContentAssignee>(undefined);
  const [problem, setProblem] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (a: BulkAction) => startBulkJob(plaza, a, target, assignee ?? undefined),
    onSuccess: ({ jobId }, a) => {
      setAssignee(undefined);
      onStarted(jobId, a);
    },
  });
  const words = action ? bulkVerbs[action] : bulkVerbs.approve;
  const members = `${number.format(count)} ${count === 1 ? 'member' : 'members'}`;
  return (
    <ConfirmDialog
      open={action !== null}
      title={`${words.verb} ${members}?`}
      confirmLabel={`${words.verb} ${members}`}
      danger={action !== 'approve'}
      busy={start.isPending}
      onConfirm={() => {
        const incomplete = action === 'delete' ? assigneeProblem(assignee) : null;
        setProblem(incomplete);
        if (action && !incomplete) start.mutate(action);
      }}
      onCancel={() => {
        start.reset();
        setAssignee(undefined);
        setProblem(null);
        onCancel();
      }}
    >
      {action && <p>{consequences[action]}</p>}
      {action === 'delete' && (
        <div className="mt-4">
          <ContentAssigneeChoice
            value={assignee}
            onChange={(value) => {
              setAssignee(value);
              setProblem(null);
            }}
            exclude={target.kind === 'ids' ? target.ids : []}
          />
        </div>
      )}
      {problem && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {problem}
        </p>
      )}
      {start.error && (
        <div className="mt-3">
          <ErrorMessage error={start.error} />
        </div>
      )}
    </ConfirmDialog>
  );
}
