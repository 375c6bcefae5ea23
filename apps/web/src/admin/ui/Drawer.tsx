import { type ReactNode } from 'react';
import { closeOnEscape, useModalDialog } from '../../ui/modal.js';
import { CloseIcon } from '../../ui/icons.js';

/**
 * A side panel on the native modal <dialog> (focus trap, Escape, focus returns to the opener): full width on phones,
 * a column on the right from `sm` up.
 */
export function Drawer({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useModalDialog(open);
  return (
    <dialog
      ref={ref}
      aria-labelledby="drawer-title"
      onCancel={closeOnEscape(onClose)}
      // A click on the backdrop lands on the <dialog> itself (the panel fills it), so only that closes it.
      onClick={(e) => e.target === e.currentTarget && onClose()}
      className="fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-dvh w-full max-w-full border-l border-neutral-200 bg-white p-0 text-neutral-900 shadow-2xl backdrop:bg-neutral-900/40 sm:max-w-lg"
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex h-14 shrink-0 items-center justify-between gap-3 border-b border-neutral-200 px-4 sm:px-5">
            <h2 id="drawer-title" className="truncate text-base font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label="Close"
              className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-md text-neutral-700 hover:bg-neutral-100"
            >
              <CloseIcon />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-5 sm:px-5">{children}</div>
        </div>
      )}
    </dialog>
  );
}
