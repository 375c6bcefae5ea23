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
  return { status: e.status, message, requestId: e.requestId, details: e.details };
}

/** HTTP status of a thrown PlazaError, or undefined. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as ErrorLike | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/**
 * The server's field violations by field path (`content.title` → "must be at most 200 characters"), for showing
 * next to the inputs. The first violation of a field wins.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  const list = (error as ErrorLike | null)?.details?.validationError?.fieldViolations ?? [];
  const out: Record<string, string> = {};
  for (const v of list) out[v.field] ??= v.description;
  return out;
}
