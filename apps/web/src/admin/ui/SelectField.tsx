import { SelectField as NativeSelectField } from '../../ui/Field.js';

/** A labelled <select> over a fixed list of options, typed by their values (the shared SelectField underneath). */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
  disabled,
  hint,
}: {
  label: string;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T) => void;
  className?: string;
  disabled?: boolean;
  hint?: string;
}) {
  return (
    <NativeSelectField
      label={label}
      className={className}
      value={value}
      disabled={disabled}
      hint={hint}
      onChange={(e) => onChange(e.target.value as T)}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </NativeSelectField>
  );
}

/** A select's options from a table of labels by value, in the table's order; the Record leaves no value unlabelled. */
export const choicesOf = <T extends string>(labels: Record<T, string>): Array<{ value: T; label: string }> =>
  (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));

/** The keys of `T` that hold one word of a fixed set (what a select chooses). */
type WordKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/**
 * Choices (selects, radio groups) over a draft that is set key by key (useDraft's `set`): `choose('logoSize')` gives
 * a SelectField the draft's value and an onChange that sets that key alone.
 */
export function choiceBinder<T extends object>(draft: T, set: <K extends keyof T>(key: K, value: T[K]) => void) {
  return <K extends WordKeys<T>>(key: K) => ({ value: draft[key], onChange: (value: T[K]) => set(key, value) });
}
