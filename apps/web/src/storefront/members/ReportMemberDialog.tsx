import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ReportReason } from '@plaza/contracts';
import { REPORT_REASONS } from '@plaza/contracts/constants';
import { usePlaza } from '@plaza/react';
import { Alert } from '../../ui/Alert.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { TextAreaField } from '../../ui/Field.js';
import { friendlyError } from '../../ui/friendlyError.js';

const REASONS: Record<ReportReason, { label: string; hint: string }> = {
  SPAM: { label: 'Spam', hint: 'Advertising, scams or repeated junk.' },
  IMPERSONATION: { label: 'Impersonation', hint: 'Pretends to be someone else.' },
  HARASSMENT: { label: 'Harassment', hint: 'Insults, threats or bullying.' },
  OTHER: { label: 'Something else', hint: 'Tell us in the box below.' },
};
const TEXT_MAX = 1000;

/** Tells the store's owner about a member: a reason and an optional note. The reported member never sees who. */
export function ReportMemberDialog({
  open,
  memberId,
  memberName,
  onClose,
}: {
  open: boolean;
  memberId: string;
  memberName: string;
  onClose: () => void;
}) {
  const plaza = usePlaza();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const groupId = useId();
  const report = useMutation({
    mutationFn: () =>
      plaza.members.reportMember({
        memberId,
        reason: reason as ReportReason,
        ...(text.trim() ? { text: text.trim() } : {}),
      }),
  });

  const close = () => {
    onClose();
    // Fresh for next time.
    setReason('');
    setText('');
    setMissing(false);
    report.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) return setMissing(true);
    report.mutate();
  };

  return (
    <Dialog
      open={open}
      title={`Report ${memberName}`}
      description="The store's team reviews every report. The member is not told who reported them."
      onClose={close}
      busy={report.isPending}
    >
      {report.isSuccess ? (
        <div className="space-y-4">
          <Alert tone="success" title="Thank you, your report was sent">
            The team will look at it and act if needed.
          </Alert>
          <div className="flex justify-end">
            <Button onClick={close} autoFocus>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          <fieldset aria-describedby={missing ? `${groupId}-error` : undefined}>
            <legend className="mb-2 text-sm font-medium text-neutral-800">Why are you reporting them?</legend>
            <div className="space-y-2">
              {REPORT_REASONS.map((r) => (
                <label
                  key={r}
                  className="flex cursor-pointer items-start gap-3 rounded-md border border-neutral-200 p-3 has-[:checked]:border-accent has-[:checked]:bg-accent-soft/50"
                >
                  <input
                    type="radio"
                    name={groupId}
                    value={r}
                    checked={reason === r}
                    onChange={() => {
                      setReason(r);
                      setMissing(false);
                    }}
                    className="mt-1 accent-accent"
                  />
                  <span>
                    <span className="block text-sm font-medium text-neutral-900">{REASONS[r].label}</span>
                    <span className="block text-xs text-neutral-600">{REASONS[r].hint}</span>
                  </span>
                </label>
              ))}
            </div>
            {missing && (
              <p id={`${groupId}-error`} className="mt-2 text-sm text-red-700">
                Choose a reason.
              </p>
            )}
          </fieldset>
          <TextAreaField
            label="Details (optional)"
            rows={3}
            maxLength={TEXT_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
            hint={`Up to ${TEXT_MAX} characters.`}
          />
          {report.error !== null && (
            <ErrorMessage error={friendlyError(report.error, { 409: 'You already reported this member.' })} />
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={report.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" busy={report.isPending}>
              Send report
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
