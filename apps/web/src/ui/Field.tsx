import {
  useId,
  useState,
  type ChangeEvent,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { cx } from './cx.js';
import { lengthOf, tooLong } from './formRules.js';
import { inputClass } from './inputClass.js';

export { inputClass };

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the input; announced with it. */
  hint?: ReactNode;
  /** A problem with this value; marks the input invalid and is announced with it. */
  error?: string | undefined;
  /** The server's length limit: shown as a counter; longer values may be typed and are reported, not cut. */
  maxLength?: number | undefined;
  /** Counter (default for limits over 20) or the browser's own stop (codes, search boxes). */
  counter?: boolean;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/** The ids that tie a control to its label, hint and error (aria-describedby). */
function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined, counted = false) {
  const auto = useId();
  const inputId = id ?? auto;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  const counterId = counted ? `${inputId}-counter` : undefined;
  return { inputId, hintId, errorId, counterId, describedBy: cx(hintId, errorId, counterId) || undefined };
}

/**
 * Limits this short are part of a format (a 6-digit code, a 2-letter country), not a length people reach while
 * writing: the browser stops there and the format check says what is wrong, with no counter.
 */
const FORMAT_LIMIT = 20;

/** Whether a field counts its limit (see useLengthLimit) or leaves it to the browser. */
const countsLimit = (maxLength: number | undefined, counter: boolean | undefined): maxLength is number =>
  maxLength !== undefined && (counter ?? maxLength > FORMAT_LIMIT);

/**
 * A length limit as a counter ("87 / 100") instead of the browser's silent cut: people may type or paste past it,
 * see the counter turn red and a sentence saying so, and fix it themselves (nothing they wrote is lost).
 * The form's own error wins, so a problem is never shown twice.
 */
function useLengthLimit<E extends HTMLInputElement | HTMLTextAreaElement>(
  label: string,
  maxLength: number | undefined,
  error: string | undefined,
  props: {
    value?: InputHTMLAttributes<E>['value'] | null;
    defaultValue?: InputHTMLAttributes<E>['defaultValue'];
    onChange?: ((e: ChangeEvent<E>) => void) | undefined;
  },
) {
  const [typed, setTyped] = useState(() => String(props.defaultValue ?? ''));
  const value = props.value !== undefined && props.value !== null ? String(props.value) : typed;
  const length = lengthOf(value);
  const over = maxLength !== undefined && length > maxLength;
  const onChange = (e: ChangeEvent<E>) => {
    if (props.value === undefined) setTyped(e.target.value);
    props.onChange?.(e);
  };
  return {
    length,
    over,
    onChange,
    error: error || (over ? tooLong(label.replace(/\s*\(optional\)$/i, ''), maxLength, length) : undefined),
  };
}

/** Label above, hint and error below: the frame every field shares. */
function FieldFrame({
  className,
  label,
  labelClass = 'mb-1 block text-sm font-medium text-neutral-800',
  ids,
  hint,
  error,
  counter,
  children,
}: {
  className?: string | undefined;
  label: string;
  labelClass?: string;
  ids: { inputId: string; hintId?: string | undefined; errorId?: string | undefined };
  hint?: ReactNode;
  error?: string | undefined;
  /** Characters used of a limit: the counter under the field. */
  counter?: { id: string | undefined; length: number; max: number; over: boolean } | undefined;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={ids.inputId} className={labelClass}>
        {label}
      </label>
      {children}
      {(hint || counter) && (
        <div className="mt-1 flex items-start justify-between gap-3">
          {hint ? (
            <p id={ids.hintId} className="text-xs text-neutral-600">
              {hint}
            </p>
          ) : (
            <span />
          )}
          {counter && (
            <p
              id={counter.id}
              className={cx(
                'shrink-0 text-xs tabular-nums',
                counter.over ? 'font-medium text-red-700' : 'text-neutral-500',
              )}
            >
              {new Intl.NumberFormat().format(counter.length)} / {new Intl.NumberFormat().format(counter.max)}
              <span className="sr-only"> characters</span>
            </p>
          )}
        </div>
      )}
      {error && (
        <p id={ids.errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** What a text control shares: its label, hint, error, id, outer class and length limit. */
interface TextControlProps<E extends HTMLInputElement | HTMLTextAreaElement> {
  label: string;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string | undefined;
  className?: string | undefined;
  maxLength?: number | undefined;
  counter?: boolean | undefined;
  value?: InputHTMLAttributes<E>['value'] | null;
  defaultValue?: InputHTMLAttributes<E>['defaultValue'];
  onChange?: ((e: ChangeEvent<E>) => void) | undefined;
}

/**
 * The wiring an input and a textarea share: ids, the length counter and its problem, the frame's props and the
 * control's own (which keep the caller's other attributes).
 */
function useTextControl<E extends HTMLInputElement | HTMLTextAreaElement, P extends TextControlProps<E>>({
  label,
  hint,
  error,
  id,
  className,
  maxLength,
  counter,
  ...props
}: P) {
  const counted = countsLimit(maxLength, counter);
  const limit = useLengthLimit<E>(label, counted ? maxLength : undefined, error, props);
  const ids = useFieldIds(id, hint, limit.error, counted);
  const frame = {
    className,
    label,
    ids,
    hint,
    error: limit.error,
    counter: counted ? { id: ids.counterId, length: limit.length, max: maxLength, over: limit.over } : undefined,
  };
  const control = {
    id: ids.inputId,
    'aria-invalid': limit.error ? true : undefined,
    'aria-describedby': ids.describedBy,
    ...props,
    maxLength: counted ? undefined : maxLength,
    onChange: limit.onChange,
  };
  return { frame, control };
}

/** A labelled input with an optional hint and error, wired with aria-describedby. */
export function TextField({ ref, ...props }: TextFieldProps) {
  const { frame, control } = useTextControl<HTMLInputElement, typeof props>(props);
  return (
    <FieldFrame {...frame}>
      <input ref={ref} className={inputClass} {...control} />
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** Counter (default for limits over 20) or the browser's own stop. */
  counter?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
}

/** A labelled multi-line input, wired like {@link TextField}. */
export function TextAreaField(props: TextAreaFieldProps) {
  const { frame, control } = useTextControl<HTMLTextAreaElement, TextAreaFieldProps>(props);
  return (
    <FieldFrame {...frame}>
      <textarea className={cx(inputClass, 'min-h-24 resize-y')} {...control} />
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
