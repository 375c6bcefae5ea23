/**
 * A circuit breaker per implementation, per node (opossum needs Node 22; this is the small part we need).
 * CLOSED: calls go out. After FAILURE_THRESHOLD failures in a row it OPENs: calls are refused (the caller uses the
 * plugin type's fallback) for COOL_DOWN_MS. Then it is HALF_OPEN: one trial call goes out; success closes it, failure
 * opens it again for another cool-down. Application errors are answers, not failures: the app is up.
 */
export const FAILURE_THRESHOLD = 5;
export const COOL_DOWN_MS = 30_000;

interface State {
  failures: number;
  openedAt?: number;
  /** A half-open trial is in flight; other calls keep being refused until it ends. */
  trialInFlight?: boolean;
}

const states = new Map<string, State>();

export type CircuitState = 'CLOSED' | 'OPEN' | 'HALF_OPEN';

export function circuitState(implementationId: string, now: number): CircuitState {
  const s = states.get(implementationId);
  if (s?.openedAt === undefined) return 'CLOSED';
  return now - s.openedAt >= COOL_DOWN_MS ? 'HALF_OPEN' : 'OPEN';
}

/** Whether a call may go out now; in HALF_OPEN only the first caller gets through (the trial). */
export function allowCall(implementationId: string, now: number): boolean {
  const state = circuitState(implementationId, now);
  if (state === 'CLOSED') return true;
  if (state === 'OPEN') return false;
  const s = states.get(implementationId)!;
  if (s.trialInFlight) return false;
  s.trialInFlight = true;
  return true;
}

export function recordSuccess(implementationId: string): void {
  states.delete(implementationId);
}

export function recordFailure(implementationId: string, now: number): void {
  const s = states.get(implementationId) ?? { failures: 0 };
  s.failures += 1;
  // A failed trial re-opens at once; otherwise open on reaching the threshold.
  if (s.trialInFlight || s.failures >= FAILURE_THRESHOLD) {
    s.openedAt = now;
    s.trialInFlight = false;
  }
  states.set(implementationId, s);
}

/** Ends a trial that never reached the app (Plaza's own failure), so the next call may try. */
export function releaseTrial(implementationId: string): void {
  const s = states.get(implementationId);
  if (s) s.trialInFlight = false;
}

/** Forgets an implementation's history (its URL changed or it was deleted). */
export function resetCircuit(implementationId: string): void {
  states.delete(implementationId);
}
