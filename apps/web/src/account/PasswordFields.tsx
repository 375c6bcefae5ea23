import { TextField } from '../ui/Field.js';

/** "New password" and "Repeat the new password", as the reset and change-password forms ask for them. */
export function NewPasswordFields(props: {
  password: string;
  repeat: string;
  onPassword: (value: string) => void;
  onRepeat: (value: string) => void;
}) {
  const mismatch = newPasswordMismatch(props.password, props.repeat);
  return (
    <>
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={8}
        maxLength={256}
        value={props.password}
        onChange={(e) => props.onPassword(e.target.value)}
        hint="At least 8 characters."
      />
      <TextField
        label="Repeat the new password"
        type="password"
        autoComplete="new-password"
        required
        value={props.repeat}
        onChange={(e) => props.onRepeat(e.target.value)}
        error={mismatch ? 'The two passwords differ.' : undefined}
      />
    </>
  );
}

/** True once the repeat has been typed and differs: the forms block submitting then. */
export const newPasswordMismatch = (password: string, repeat: string) => repeat.length > 0 && repeat !== password;

/** The password the member has now, asked to confirm a change to the account's security. */
export function CurrentPasswordField({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <TextField
      label={label}
      type="password"
      autoComplete="current-password"
      required
      value={value}
      onChange={(e) => onChange(e.target.value)}
      className={className}
    />
  );
}
