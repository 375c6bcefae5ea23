import { useId, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { ReportReason } from '@plaza/contracts';
import { REPORT_LIMITS, REPORT_REASONS } from '@plaza/contracts/constants';
import { usePlaza } from '@plaza/react';
import { Alert } from '../../ui/Alert.js';
import { Button } from '../../ui/Button.js';
import { Dialog } from '../../ui/Dialog.js';
import { FormProblems } from '../../ui/FormProblems.js';
import { TextAreaField } from '../../ui/Field.js';
import type { FormRules } from '../../ui/formRules.js';
import { useFormRules } from '../../ui/useFormRules.js';
import { FormActions } from '../../ui/FormActions.js';

const REASONS: Record<ReportReason, { label: string; hint: string }> = {
  SPAM: { label: 'Spam', hint: 'Advertising, scams or repeated junk.' },
  IMPERSONATION: { label: 'Impersonation', hint: 'Pretends to be someone else.' },
  HARASSMENT: { label: 'Harassment', hint: 'Insults, threats or bullying.' },
  OTHER: { label: 'Something else', hint: 'Tell us in the box below.' },
};
/** The report's rules: the server's own limit on the details (`REPORT_LIMITS.text`). */
export const reportRules: FormRules<'reason' | 'text'> = {
  reason: { label: 'Reason', required: true, requiredMessage: 'Choose a reason.' },
  text: { label: 'Details', maxLength: REPORT_LIMITS.text },
};

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
    report.reset();
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
        <ReportForm
          reason={reason}
          onReason={setReason}
          text={text}
          onText={setText}
          busy={report.isPending}
          error={report.error}
          onSubmit={() => report.mutate()}
          onCancel={close}
        />
      )}
    </Dialog>
  );
}

/**
 * The report itself: a reason and optional details counted to the server's limit; each problem (a server violation
 * included) once, in words, next to its field, and nothing sent while one remains.
 */
export function ReportForm({
  reason,
  onReason,
  text,
  onText,
  busy,
  error,
  onSubmit,
  onCancel,
}: {
  reason: ReportReason | '';
  onReason: (reason: ReportReason) => void;
  text: string;
  onText: (text: string) => void;
  busy: boolean;
  error: unknown;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const groupId = useId();
  // The details are sent trimmed, and left out when blank.
  const form = useFormRules(reportRules, { reason, text: text.trim() ? text : '' }, { serverError: error });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.check()) onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <fieldset aria-describedby={form.errors.reason ? `${groupId}-error` : undefined}>
        <legend className="mb-2 text-sm font-medium text-neutral-800">Why are you reporting them?</legend>
        <div className="space-y-2">
          {REPORT_REASONS.map((r) => (
            <ReasonOption
              key={r}
              reason={r}
              name={groupId}
              checked={reason === r}
              onPick={() => {
                onReason(r);
                form.edited('reason');
              }}
            />
          ))}
        </div>
        {form.errors.reason && (
          <p id={`${groupId}-error`} className="mt-2 text-sm text-red-700">
            {form.errors.reason}
          </p>
        )}
      </fieldset>
      <TextAreaField {...form.bind('text', text, onText)} label="Details (optional)" rows={3} />
      <FormProblems form={form} error={error} byStatus={{ 409: 'You already reported this member.' }} />

      <FormActions
        submitLabel="Send report"
        busy={busy}
        onCancel={onCancel}
        cancelVariant="secondary"
        submitVariant="danger"
      />
    </form>
  );
}

/** One reason to choose, with its hint. */
function ReasonOption({
  reason: r,
  name,
  checked,
  onPick,
}: {
  reason: ReportReason;
  name: string;
  checked: boolean;
  onPick: () => void;
}) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-md border border-neutral-200 p-3 has-[:checked]:border-accent has-[:checked]:bg-accent-soft/50">
      <input type="radio" name={name} value={r} checked={checked} onChange={onPick} className="mt-1 accent-accent" />
      <span>
        <span className="block text-sm font-medium text-neutral-900">{REASONS[r].label}</span>
        <span className="block text-xs text-neutral-600">{REASONS[r].hint}</span>
      </span>
    </label>
  );
}
