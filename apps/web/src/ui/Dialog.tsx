import { useId, type ReactNode } from 'react';
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
  const titleId = useId();
  const descriptionId = useId();
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={closeOnEscape(onClose, busy)}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg border border-neutral-200 bg-white p-0 text-neutral-900 shadow-xl backdrop:bg-neutral-900/40"
    >
      {open && (
        <div className="p-5">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-1 text-sm text-neutral-600">
              {description}
            </div>
          )}
          <div className="mt-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}
