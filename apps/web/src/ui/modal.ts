import { useEffect, useRef, type SyntheticEvent } from 'react';

/**
 * Shows and hides a native modal <dialog> as `open` changes: the browser traps focus, Escape cancels and focus returns
 * to the element that opened it. Dialog, ConfirmDialog and the dashboard's Drawer are built on it.
 */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}

/**
 * The `cancel` (Escape) handler of a dialog: closes it unless `busy`. React bubbles `cancel` through the component
 * tree, so Escape in a dialog nested inside another (a confirmation in a drawer) only closes the inner one.
 */
export function closeOnEscape(close: () => void, busy?: boolean) {
  return (e: SyntheticEvent<HTMLDialogElement>) => {
    if (e.target !== e.currentTarget) return;
    e.preventDefault();
    if (!busy) close();
  };
}
