import { ConfirmDialog, type ConfirmDialogProps } from '../../ui/ConfirmDialog.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';

/**
 * The confirmation of a step that can't be taken back (delete, revoke, reject…), with a red button: when the server
 * refuses it, the `error` shows inside the dialog, under what the step means, so the owner can retry or cancel.
 */
export function DangerConfirm({ error, children, ...dialog }: Omit<ConfirmDialogProps, 'danger'> & { error: unknown }) {
  return (
    <ConfirmDialog {...dialog} danger>
      {children}
      {error != null && (
        <div className="mt-3">
          <ErrorMessage error={error} />
        </div>
      )}
    </ConfirmDialog>
  );
}

/**
 * A DangerConfirm's state for a step on one row (revoke this key, delete that client): open while a row waits, the
 * mutation's refusal and progress, Confirm sends the row, and Cancel forgets the row and the last refusal.
 */
export function confirmRow<R>(
  row: R | null,
  setRow: (row: null) => void,
  mutation: { error: unknown; isPending: boolean; reset: () => void },
  send: (row: R) => void,
) {
  return {
    open: row !== null,
    error: mutation.error,
    busy: mutation.isPending,
    onConfirm: () => {
      if (row !== null) send(row);
    },
    onCancel: () => {
      setRow(null);
      mutation.reset();
    },
  };
}
