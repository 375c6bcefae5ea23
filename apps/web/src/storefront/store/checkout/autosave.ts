import { useCallback, useEffect, useRef } from 'react';

/**
 * Keeps a part of the checkout saved without a Save button (docs/decisions.md, "Checkout as one flow"): `save` runs
 * `delay` ms after the last change, or at once on `flush()` (the shopper leaves the part or is about to pay). A draft
 * is compared by its JSON: the one the page opened with and one already sent are never sent again; while `ready` is
 * false (an e-mail half typed) nothing is sent.
 */
export function useAutosave<T>(draft: T, opts: { ready?: boolean; save: (draft: T) => void; delay?: number }) {
  const key = JSON.stringify(draft);
  const ready = opts.ready ?? true;
  const sent = useRef(key);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef({ draft, key, ready, save: opts.save });
  latest.current = { draft, key, ready, save: opts.save };

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    const l = latest.current;
    if (!l.ready || l.key === sent.current) return;
    sent.current = l.key;
    l.save(l.draft);
  }, []);

  useEffect(() => {
    if (!ready || key === sent.current) return;
    timer.current = setTimeout(flush, opts.delay ?? 500);
    return () => clearTimeout(timer.current);
  }, [key, ready, flush, opts.delay]);

  // Leaving the page keeps what was typed.
  useEffect(() => flush, [flush]);

  /** A draft saved another way (a saved address picked): not sent again. */
  const markSent = useCallback((d: T) => {
    sent.current = JSON.stringify(d);
  }, []);
  return { flush, markSent };
}
