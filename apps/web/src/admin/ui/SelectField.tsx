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
