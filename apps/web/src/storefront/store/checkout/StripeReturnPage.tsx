import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { call, checkoutQueries, usePlaza } from '@plaza/react';
import { completeStripeSession } from '@plaza/sdk/ecom';
import { Button, buttonClass } from '../../../ui/Button.js';
import { cx } from '../../../ui/cx.js';
import { describeError } from '../../../ui/ErrorMessage.js';
import { Spinner } from '../../../ui/Spinner.js';
import { useOrderPlaced } from './placed.js';
import { AGAIN_WAITS, confirmStripePayment, FIRST_WAITS, type Confirmation } from './stripeReturn.js';

/** What the page shows: still asking, or how it ended when it did not end on the thank-you page. */
export type ReturnState = { kind: 'confirming' } | Exclude<Confirmation, { kind: 'placed' }>;

/**
 * /checkout/:checkoutId/paid?session_id=…: where Stripe's page sends the buyer once they paid. The shop places the
 * order (once, whether Stripe's webhook came first or not) and opens its thank-you page in place of this one, so
 * Back does not come here again. Without a session id there is nothing to confirm: back to the checkout.
 */
export default function StripeReturnPage() {
  const { checkoutId = '' } = useParams();
  const [search] = useSearchParams();
  const sessionId = search.get('session_id') ?? '';
  useEffect(() => {
    document.title = 'Confirming your payment';
  }, []);
  if (!sessionId) return <Navigate to={`/checkout/${checkoutId}`} replace />;
  return <Confirm key={`${checkoutId}/${sessionId}`} checkoutId={checkoutId} sessionId={sessionId} />;
}

function Confirm({ checkoutId, sessionId }: { checkoutId: string; sessionId: string }) {
  const plaza = usePlaza();
  const queryClient = useQueryClient();
  const orderPlaced = useOrderPlaced();
  const [state, setState] = useState<ReturnState>({ kind: 'confirming' });
  // False once the buyer has left the page: its asks stop and nothing navigates for it.
  const mounted = useRef(false);
  const started = useRef(false);

  const confirm = useCallback(
    async (waits: readonly number[]) => {
      const complete = () => call(plaza, completeStripeSession, checkoutId, { sessionId });
      const outcome = await confirmStripePayment(complete, { waits, stopped: () => !mounted.current });
      if (!outcome || !mounted.current) return;
      if (outcome.kind === 'placed') return orderPlaced(outcome.placed, { replace: true });
      // The checkout the buyer goes back to is read afresh (a refused order may have changed it).
      void queryClient.invalidateQueries({ queryKey: checkoutQueries.key(checkoutId) });
      setState(outcome);
    },
    [plaza, queryClient, orderPlaced, checkoutId, sessionId],
  );

  useEffect(() => {
    mounted.current = true;
    // Once per visit, also under React's development double effects (the ref outlives them).
    if (!started.current) {
      started.current = true;
      void confirm(FIRST_WAITS);
    }
    return () => {
      mounted.current = false;
    };
  }, [confirm]);

  const again = () => {
    setState({ kind: 'confirming' });
    void confirm(AGAIN_WAITS);
  };
  return <ReturnView state={state} checkoutId={checkoutId} onTryAgain={again} />;
}

/** The page in each state, in the buyer's words. */
export function ReturnView({
  state,
  checkoutId,
  onTryAgain,
}: {
  state: ReturnState;
  checkoutId: string;
  onTryAgain: () => void;
}) {
  if (state.kind === 'confirming') {
    return (
      <div className="mx-auto max-w-md px-4 py-20 text-center">
        <p role="status" className="inline-flex items-center gap-3 text-lg font-medium text-neutral-800">
          <Spinner className="h-5 w-5" /> Confirming your payment…
        </p>
        <p className="mt-3 text-sm text-neutral-600">This takes a few seconds. Please keep this page open.</p>
      </div>
    );
  }
  const words = {
    'not-heard': {
      title: 'We haven’t heard from Stripe yet…',
      text:
        'If you finished paying on Stripe’s page, your order is placed as soon as Stripe tells us: try again in a ' +
        'moment. If you did not pay, go back to the checkout.',
    },
    returned: { title: 'Your order could not be placed', text: state.kind === 'returned' ? state.message : '' },
    failed: {
      title: 'We could not confirm your payment',
      text: state.kind === 'failed' ? describeError(state.error).message : '',
    },
  }[state.kind];
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div
        role="alert"
        className={cx(
          'rounded-lg border p-6',
          state.kind === 'not-heard'
            ? 'border-amber-200 bg-amber-50 text-amber-950'
            : 'border-red-200 bg-red-50 text-red-950',
        )}
      >
        <h1 className="text-xl font-semibold">{words.title}</h1>
        <p className="mt-2">{words.text}</p>
      </div>
      <div className="mt-6 flex flex-wrap gap-3">
        {state.kind !== 'returned' && <Button onClick={onTryAgain}>Try again</Button>}
        <Link
          to={`/checkout/${checkoutId}`}
          replace
          className={buttonClass(state.kind === 'returned' ? 'primary' : 'secondary')}
        >
          Back to checkout
        </Link>
      </div>
    </div>
  );
}
