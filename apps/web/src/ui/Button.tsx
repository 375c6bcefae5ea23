import type { ButtonHTMLAttributes } from 'react';
import { cx } from './cx.js';
import { Spinner } from './Spinner.js';

type Variant = 'primary' | 'secondary' | 'ghost' | 'danger';

const variants: Record<Variant, string> = {
  primary: 'bg-accent text-white hover:bg-accent-strong disabled:bg-neutral-300 disabled:text-neutral-600',
  secondary:
    'border border-neutral-300 bg-white text-neutral-900 hover:bg-neutral-50 disabled:text-neutral-400 disabled:hover:bg-white',
  ghost: 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-neutral-300 disabled:text-neutral-600',
};

/** A button's look, for a link that reads as a button (it goes somewhere rather than doing something). */
export const buttonClass = (variant: Variant = 'primary', className?: string) =>
  cx(
    'inline-flex min-h-10 items-center justify-center gap-2 rounded-md px-4 text-sm font-medium transition-colors disabled:cursor-not-allowed',
    variants[variant],
    className,
  );

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  /** Shows a spinner and disables the button while an action runs. */
  busy?: boolean;
}

export function Button({
  variant = 'primary',
  className,
  type = 'button',
  busy,
  disabled,
  children,
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClass(variant, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
      {...props}
    >
      {busy && <Spinner />}
      {children}
    </button>
  );
}
