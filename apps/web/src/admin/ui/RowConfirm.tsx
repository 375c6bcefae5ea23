import type { ReactNode } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog.js';
import { describeError } from '../../ui/ErrorMessage.js';
import { useToast } from '../Toast.js';

/** What a mutation is told to do once the server answers. */
export type Handlers = { onSuccess: () => void; onError: (e: unknown) => void };

/**
 * Asks before a step on one row that can't be taken back (deleting it, disabling a card): once the server answers,
 * the dialog closes and a toast says what happened, or why it did not.
 */
export function RowConfirm<T>({
  row,
  title,
  confirmLabel,
  busy,
  send,
  done,
  failure = 'It was not deleted',
  onDone,
  onClose,
  children,
}: {
  /** The row asked about; the dialog is open while there is one. */
  row: T | null;
  title: string;
  confirmLabel: string;
  busy: boolean;
  /** Sends the step for the row. */
  send: (row: T, handlers: Handlers) => void;
  /** The toast once it is done: "Kitchen is deleted". */
  done: (row: T) => string;
  /** The toast's start when the server refuses, before its reason. */
  failure?: string;
  onDone?: (row: T) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const toast = useToast();
  return (
    <ConfirmDialog
      open={row !== null}
      title={title}
      confirmLabel={confirmLabel}
      danger
      busy={busy}
      onCancel={onClose}
      onConfirm={() =>
        row !== null &&
        send(row, {
          onSuccess: () => {
            toast(done(row));
            onDone?.(row);
            onClose();
          },
          onError: (e) => {
            onClose();
            toast(`${failure}: ${describeError(e).message}`, 'error');
          },
        })
      }
    >
      {children}
    </ConfirmDialog>
  );
}
