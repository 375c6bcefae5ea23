/**
 * A wake-up signal within this process: workers listen, and a write that gives them work nudges them, so it starts
 * without waiting for their next poll. `listen` answers the function that stops listening.
 */
export function createNudge() {
  const listeners = new Set<() => void>();
  return {
    // Arrow functions: the modules export `listen` and `nudge` on their own.
    listen: (fn: () => void): (() => void) => {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    nudge: (): void => {
      for (const fn of listeners) fn();
    },
  };
}
