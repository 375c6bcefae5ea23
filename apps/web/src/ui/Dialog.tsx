import { useId, type ReactNode } from 'react';
import { cx } from './cx.js';
import { closeOnEscape, useModalDialog } from './modal.js';

export interface DialogProps {
  open: boolean;
  title: string;
  description?: ReactNode;
  /** Called on Escape and by the caller's own Cancel button; ignored while `busy`. */
  onClose: () => void;
  busy?: boolean;
  children: ReactNode;
}

/**
 * A modal on the native <dialog> for small forms (ConfirmDialog is the yes/no case): the browser traps focus,
 * Escape closes it and focus returns to the button that opened it. The content mounts only while open, so a form
 * inside starts fresh each time.
 */
export function Dialog({ open, title, description, onClose, busy, children }: DialogProps) {
  const descriptionId = useId();
  return (
    <ModalShell
      open={open}
      title={title}
      describedBy={description ? descriptionId : undefined}
      busy={busy}
      onClose={onClose}
      width="max-w-lg"
    >
      {description && (
        <div id={descriptionId} className="mt-1 text-sm text-neutral-600">
          {description}
        </div>
      )}
      <div className="mt-4">{children}</div>
    </ModalShell>
  );
}

/**
 * The native <dialog> that Dialog and ConfirmDialog share: named by its title, Escape closes it unless busy, and the
 * content (under the title) mounts only while open.
 */
export function ModalShell({
  open,
  title,
  describedBy,
  busy,
  onClose,
  width,
  children,
}: {
  open: boolean;
  title: string;
  describedBy?: string | undefined;
  busy?: boolean | undefined;
  onClose: () => void;
  /** The dialog's max-width class. */
  width: 'max-w-md' | 'max-w-lg';
  children: ReactNode;
}) {
  const titleId = useId();
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={describedBy}
      onCancel={closeOnEscape(onClose, busy)}
      className={cx(
        'm-auto w-[calc(100%-2rem)] rounded-lg border border-neutral-200 bg-white p-0 text-neutral-900 shadow-xl backdrop:bg-neutral-900/40',
        width,
      )}
    >
      {open && (
        <div className="p-5">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}
