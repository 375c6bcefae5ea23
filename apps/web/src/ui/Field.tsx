import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cx } from './cx.js';

export const inputClass =
  'block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-sm text-neutral-900 shadow-xs placeholder:text-neutral-400 focus:border-accent focus:outline-none focus-visible:outline-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:bg-neutral-50 aria-[invalid=true]:border-red-500';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the input; announced with it. */
  hint?: ReactNode;
  /** A problem with this value; marks the input invalid and is announced with it. */
  error?: string | undefined;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/** The ids that tie a control to its label, hint and error (aria-describedby). */
function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return { inputId, hintId, errorId, describedBy: cx(hintId, errorId) || undefined };
}

/** Label above, hint and error below: the frame every field shares. */
function FieldFrame({
  className,
  label,
  labelClass = 'mb-1 block text-sm font-medium text-neutral-800',
  ids,
  hint,
  error,
  children,
}: {
  className?: string | undefined;
  label: string;
  labelClass?: string;
  ids: { inputId: string; hintId?: string | undefined; errorId?: string | undefined };
  hint?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={ids.inputId} className={labelClass}>
        {label}
      </label>
      {children}
      {hint && (
        <p id={ids.hintId} className="mt-1 text-xs text-neutral-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled input with an optional hint and error, wired with aria-describedby. */
export function TextField({ label, hint, error, id, className, ref, ...props }: TextFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame className={className} label={label} ids={ids} hint={hint} error={error}>
      <input
        ref={ref}
        id={ids.inputId}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...props}
      />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
}

/** A labelled multi-line input, wired like {@link TextField}. */
export function TextAreaField({ label, hint, error, id, className, ...props }: TextAreaFieldProps) {
  const ids = useFieldIds(id, hint, error);
  return (
    <FieldFrame className={className} label={label} ids={ids} hint={hint} error={error}>
      <textarea
        id={ids.inputId}
        className={cx(inputClass, 'min-h-24 resize-y')}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        {...props}
      />
    </FieldFrame>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  label: string;
  hint?: ReactNode;
  id?: string;
  /** Label visible only to screen readers (compact toolbars). */
  hideLabel?: boolean;
}

/** A labelled native select. */
export function SelectField({ label, hint, id, className, hideLabel, children, ...props }: SelectFieldProps) {
  const ids = useFieldIds(id, hint, undefined);
  return (
    <FieldFrame
      className={className}
      label={label}
      ids={ids}
      hint={hint}
      {...(hideLabel ? { labelClass: 'sr-only' } : {})}
    >
      <select id={ids.inputId} className={cx(inputClass, 'pr-8')} aria-describedby={ids.hintId} {...props}>
        {children}
      </select>
    </FieldFrame>
  );
}
