import type { ReactNode } from 'react';

/**
 * A checkbox with its words beside it; the whole line toggles it. With a `hint`, the words stand in two lines (the
 * label, then the hint in small print) and the box keeps to the first.
 */
export function CheckboxField({
  label,
  hint,
  checked,
  onChange,
  className = 'flex items-center gap-3 text-sm',
}: {
  label: ReactNode;
  hint?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The line's layout and type, where it differs from a form's usual one. */
  className?: string;
}) {
  return (
    <label className={hint ? 'flex items-start gap-3 text-sm' : className}>
      <input
        type="checkbox"
        className={hint ? 'mt-0.5 h-4 w-4 shrink-0 accent-accent' : 'h-4 w-4 accent-accent'}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {hint ? (
        <span>
          {label}
          <span className="block text-xs text-neutral-600">{hint}</span>
        </span>
      ) : (
        label
      )}
    </label>
  );
}
