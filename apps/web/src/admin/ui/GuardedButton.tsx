import { useId } from 'react';
import { Button, type ButtonProps } from '../../ui/Button.js';
import { cx } from '../../ui/cx.js';

export interface GuardedButtonProps extends ButtonProps {
  /** Why the action is not possible now; the button stays focusable and says so in a tooltip. */
  blockedReason?: string | null;
}

/**
 * A button that may be unavailable for a reason. Unlike a plain `disabled` button, it stays in the tab order so
 * keyboard and screen-reader users hear why (aria-describedby), and a tooltip shows the reason on hover and focus.
 */
export function GuardedButton({ blockedReason, onClick, className, children, ...props }: GuardedButtonProps) {
  const id = useId();
  if (!blockedReason) {
    return (
      <Button onClick={onClick} className={className} {...props}>
        {children}
      </Button>
    );
  }
  return (
    <span className="group relative inline-flex">
      <Button
        {...props}
        aria-disabled="true"
        aria-describedby={`${id}-why`}
        onClick={(e) => e.preventDefault()}
        className={cx('cursor-not-allowed opacity-50', className)}
      >
        {children}
      </Button>
      <span
        id={`${id}-why`}
        role="tooltip"
        className="pointer-events-none invisible absolute bottom-full left-1/2 z-20 mb-2 w-max max-w-60 -translate-x-1/2 rounded-md bg-neutral-900 px-2.5 py-1.5 text-xs font-normal text-white opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
      >
        {blockedReason}
      </span>
    </span>
  );
}
