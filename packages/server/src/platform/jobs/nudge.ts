/** Workers in this process listen here, so a job queued on this node starts without waiting for the next poll. */
const listeners = new Set<() => void>();

export function onNudge(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function nudgeWorkers(): void {
  for (const fn of listeners) fn();
}
