import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { cx } from '../ui/cx.js';

export interface Toast {
  id: number;
  message: string;
  tone: 'success' | 'error';
}

const ToastContext = createContext<(message: string, tone?: Toast['tone']) => void>(() => undefined);

/** At most this many at once: a burst of saves (bulk actions, a phone's small screen) shows the latest ones. */
const MAX_TOASTS = 3;

/** The toasts after `toast` is shown: its earlier copy (same words and tone) goes, and only the latest few stay. */
export function withToast(list: Toast[], toast: Toast): Toast[] {
  return [...list.filter((x) => x.message !== toast.message || x.tone !== toast.tone), toast].slice(-MAX_TOASTS);
}

/**
 * Short confirmations ("Saved") in the corner, announced politely, gone after a few seconds. The same message again
 * replaces its earlier copy instead of stacking.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const show = useCallback((message: string, tone: Toast['tone'] = 'success') => {
    setToasts((t) => withToast(t, { id: Date.now() + Math.random(), message, tone }));
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex flex-col items-center gap-2 px-4 sm:items-end sm:px-6"
      >
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} onGone={() => setToasts((all) => all.filter((x) => x.id !== t.id))} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, onGone }: { toast: Toast; onGone: () => void }) {
  // The timer starts once per toast: re-renders of the provider (a navigation) must not restart it.
  const gone = useRef(onGone);
  gone.current = onGone;
  useEffect(() => {
    const timer = setTimeout(() => gone.current(), 4000);
    return () => clearTimeout(timer);
  }, []);
  return (
    <div
      role="status"
      className={cx(
        'pointer-events-auto rounded-md px-4 py-3 text-sm font-medium shadow-lg',
        toast.tone === 'success' ? 'bg-neutral-900 text-white' : 'bg-red-700 text-white',
      )}
    >
      {toast.message}
    </div>
  );
}

export const useToast = () => useContext(ToastContext);
