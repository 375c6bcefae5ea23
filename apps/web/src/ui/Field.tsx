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

/** A labelled input with an optional hint and error, wired with aria-describedby. */
export function TextField({ label, hint, error, id, className, ref, ...props }: TextFieldProps) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-neutral-800">
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={cx(hintId, errorId) || undefined}
        {...props}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-neutral-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
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
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-neutral-800">
        {label}
      </label>
      <textarea
        id={inputId}
        className={cx(inputClass, 'min-h-24 resize-y')}
        aria-invalid={error ? true : undefined}
        aria-describedby={cx(hintId, errorId) || undefined}
        {...props}
      />
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-neutral-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
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
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'mb-1 block text-sm font-medium text-neutral-800'}>
        {label}
      </label>
      <select id={inputId} className={cx(inputClass, 'pr-8')} aria-describedby={hintId} {...props}>
        {children}
      </select>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-neutral-600">
          {hint}
        </p>
      )}
    </div>
  );
}
