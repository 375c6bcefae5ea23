import { violationsOf, violationToWords } from './formRules.js';

/** The parts of a PlazaError the screens read (any thrown value may come in). */
interface ErrorLike {
  status?: unknown;
  message?: unknown;
  requestId?: unknown;
  details?: {
    applicationError?: { code?: string };
    validationError?: { fieldViolations?: Array<{ field: string; description: string; violatedRule?: string }> };
  };
}

/**
 * The same error with a message in the screen's own words for the statuses it expects (409 "That address is
 * taken"); status and request id stay, so ErrorMessage still shows them. Other errors pass through unchanged.
 *
 * @example
 * <ErrorMessage error={friendlyError(error, { 409: 'You already reviewed this.' })} />
 */
export function friendlyError(error: unknown, byStatus: Partial<Record<number, string>>): unknown {
  const e = error as ErrorLike | null;
  if (!e || typeof e.status !== 'number') return error;
  const message = byStatus[e.status];
  if (!message) return error;
  // The screen's words replace the server's, field problems included (they would be shown instead otherwise).
  const applicationError = e.details?.applicationError;
  return { status: e.status, message, requestId: e.requestId, details: applicationError ? { applicationError } : {} };
}

/** HTTP status of a thrown PlazaError, or undefined. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as ErrorLike | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * The server's field violations by field path (`content.title` → "Title can be at most 200 characters."), in words,
 * for showing next to the inputs. `labels` names fields by the form's own labels (path → label); others are named
 * from their path. The first violation of a field wins. Forms with rules use `useFormRules` instead.
 */
export function fieldErrors(error: unknown, labels: Record<string, string> = {}): Record<string, string> {
  const out: Record<string, string> = {};
  for (const v of violationsOf(error)) {
    const label = labels[v.field];
    out[v.field] ??= violationToWords(v, label ? { label } : undefined);
  }
  return out;
}
