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
