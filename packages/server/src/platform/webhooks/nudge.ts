/** Delivery workers in this process listen here, so an event written on this node goes out without waiting a poll. */
const listeners = new Set<() => void>();

export function onDeliveryNudge(fn: () => void): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function nudgeDeliveries(): void {
  for (const fn of listeners) fn();
}
