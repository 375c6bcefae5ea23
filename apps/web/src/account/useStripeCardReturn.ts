import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { mySubscriptionMutations, useAuth, usePlazaMutation } from '@plaza/react';
import { readCardReturn, saveStripeCard, withoutCardReturn, type CardOutcome } from './stripeCard.js';

export interface CardReturn {
  /** The subscription the address names (an e-mail's link, or back from Stripe): shown and marked. */
  focusId?: string;
  /** Back from Stripe's page with a saved card: how putting it on that subscription goes. */
  outcome?: CardOutcome | 'saving';
  /** Tries the same saved card again (after the shop or the connection failed). */
  retry: () => void;
}

/**
 * Reads `?subscription=<id>&stripe_setup=<session>` once. With a session (Stripe's page saved a card) the card is put
 * on the subscription, once the member is signed in, and the address loses both (history replaced), so neither a
 * reload nor Back saves it again.
 */
export function useStripeCardReturn(): CardReturn {
  const { loggedIn } = useAuth();
  const [search, setSearch] = useSearchParams();
  const [asked] = useState(() => readCardReturn(search));
  const [outcome, setOutcome] = useState<CardOutcome | 'saving' | undefined>(asked.sessionId ? 'saving' : undefined);
  const { mutateAsync } = usePlazaMutation(mySubscriptionMutations.changeCard);
  // Once per visit, also under React's development double effects (the ref outlives them).
  const started = useRef(false);

  const save = useCallback(async () => {
    const { focusId: id, sessionId } = asked;
    if (!id || !sessionId) return;
    setOutcome('saving');
    const put = async (token: string) =>
      (await mutateAsync({ id, paymentToken: () => Promise.resolve(token) })).subscriptionContract;
    setOutcome(await saveStripeCard(put, sessionId));
  }, [asked, mutateAsync]);

  useEffect(() => {
    if (!loggedIn || started.current || !asked.sessionId) return;
    started.current = true;
    setSearch((now) => withoutCardReturn(now), { replace: true });
    void save();
  }, [loggedIn, asked, save, setSearch]);

  return {
    ...(asked.focusId ? { focusId: asked.focusId } : {}),
    ...(outcome ? { outcome } : {}),
    retry: () => void save(),
  };
}
