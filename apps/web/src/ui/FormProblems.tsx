import type { ReactNode } from 'react';
import { cx } from './cx.js';
import { ErrorMessage } from './ErrorMessage.js';
import { friendlyError } from './friendlyError.js';

/**
 * Under a form that checks through `useFormRules`: the server's problems no field claims, then the failed save's
 * error box, unless the save failed on fields (their problems already stand next to them, said once).
 * `byStatus` words a status the form knows (see `friendlyError`); `className` goes on both (grid layouts).
 */
export function FormProblems({
  form,
  error,
  byStatus,
  className,
}: {
  form: { otherProblems: string[]; hasViolations: boolean };
  error: unknown;
  byStatus?: Partial<Record<number, string>>;
  className?: string;
}) {
  const box = error !== null && error !== undefined && !form.hasViolations && (
    <ErrorMessage error={byStatus ? friendlyError(error, byStatus) : error} />
  );
  return (
    <>
      {form.otherProblems.length > 0 && (
        <p role="alert" className={cx('text-sm text-red-700', className)}>
          {form.otherProblems.join(' ')}
        </p>
      )}
      {box && className ? <div className={className}>{box}</div> : box}
    </>
  );
}

/** A problem with the form as a whole (no one field's), said at once where it stands; nothing when there is none. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="text-sm text-red-700">
      {children}
    </p>
  );
}
