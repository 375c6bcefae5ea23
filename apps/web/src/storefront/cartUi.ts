import { useSyncExternalStore } from 'react';

// Whether the cart drawer is open: a tiny shared flag, so the header (first page) needs no store code.
let open = false;
const listeners = new Set<() => void>();

export function setCartOpen(next: boolean) {
  open = next;
  listeners.forEach((l) => l());
}

export function useCartOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
}
