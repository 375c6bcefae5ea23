import { useEffect } from 'react';

/**
 * The browser's Back from another site (Stripe's page) may show this page as it was left, from the back/forward
 * cache, its button still busy: `setBusy(false)` makes it ready again.
 */
export function useNotBusyWhenShownAgain(setBusy: (busy: boolean) => void) {
  useEffect(() => {
    const shown = (e: PageTransitionEvent) => {
      if (e.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, [setBusy]);
}
