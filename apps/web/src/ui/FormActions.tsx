import { Button } from './Button.js';

/**
 * A form's closing row: Cancel, then the submit button that says what it does ("Add fee", "Save"). On phones the
 * submit button stacks on top, within the thumb's reach.
 */
export function FormActions({
  submitLabel,
  busy,
  onCancel,
  cancelVariant = 'ghost',
  submitVariant,
  disabled,
}: {
  submitLabel: string;
  /** The save is under way: the submit button spins and Cancel waits. */
  busy: boolean;
  onCancel: () => void;
  cancelVariant?: 'ghost' | 'secondary';
  submitVariant?: 'primary' | 'danger';
  /** Submitting is not possible yet (nothing to send). */
  disabled?: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      <Button variant={cancelVariant} onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" variant={submitVariant} busy={busy} disabled={disabled}>
        {submitLabel}
      </Button>
    </div>
  );
}
