import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call, planQueries, useAuth, usePlaza } from '@plaza/react';
import { createCheckout } from '@plaza/sdk/ecom';
import { PLAN_APP_ID, type Plan } from '@plaza/sdk/plans';
import type { PlazaClient } from '../../plaza.js';
import { sdkDriver } from '../../signin/driver.js';
import { SignInFlow } from '../../signin/SignInFlow.js';
import { Button } from '../../ui/Button.js';
import { describeProblem } from '../store/problems.js';
import { unavailableWords } from './PlanCard.js';

/**
 * Join: the plan alone in a fresh checkout (the cart keeps what it holds), then the hosted checkout page. A visitor
 * first signs in or signs up right here (a plan belongs to a member), and the checkout opens once they are in.
 */
export function JoinPlan({ plan }: { plan: Plan }) {
  const { loggedIn } = useAuth();
  const join = useJoin(plan);
  const [signingIn, setSigningIn] = useState(false);
  const closed = unavailableWords(plan);
  const mine = useQuery({ ...planQueries.memberships(usePlaza(), { planId: plan.id }), enabled: loggedIn });
  const holding = mine.data?.memberships.some((m) => m.status !== 'ENDED');

  if (closed) {
    return (
      <div className="mt-6">
        <Button disabled className="min-h-11 w-full sm:w-auto">
          {closed}
        </Button>
        <p className="mt-2 text-sm text-neutral-600">
          {plan.status === 'ARCHIVED'
            ? 'The shop no longer offers this plan.'
            : 'All places in this plan are taken. Check back later.'}
        </p>
      </div>
    );
  }
  if (loggedIn && holding) {
    return (
      <p role="status" className="mt-6 rounded-md bg-emerald-50 p-4 text-sm text-emerald-900">
        You are a member of this plan.{' '}
        <Link to="/account/plans" className="font-medium underline">
          See my plans
        </Link>
      </p>
    );
  }
  if (!loggedIn && signingIn) return <InlineSignIn onDone={() => join.mutate()} onBack={() => setSigningIn(false)} />;
  return (
    <div className="mt-6">
      <Button
        className="min-h-11 w-full sm:w-auto"
        busy={join.isPending}
        onClick={() => (loggedIn ? join.mutate() : setSigningIn(true))}
      >
        Join {plan.name}
      </Button>
      {!loggedIn && <p className="mt-2 text-sm text-neutral-600">You sign in or create an account first.</p>}
      {join.error && (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {describeProblem(join.error)}
        </p>
      )}
    </div>
  );
}

/** A checkout of the plan alone, then its page. */
function useJoin(plan: Plan) {
  const plaza = usePlaza();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () =>
      call(plaza, createCheckout, {
        lineItems: [{ catalogReference: { appId: PLAN_APP_ID, catalogItemId: plan.id }, quantity: 1 }],
        channelType: 'WEB',
      }).then((r) => r.checkout.id),
    onSuccess: (id) => void navigate(`/checkout/${id}`),
  });
}

/** The shop's own sign-in or sign-up form, in place: no page change, so the join goes on after it. */
function InlineSignIn({ onDone, onBack }: { onDone: () => void; onBack: () => void }) {
  const client = usePlaza<PlazaClient>();
  const { login, register, verify } = useAuth();
  const driver = useMemo(() => sdkDriver(client, { login, register, verify }), [client, login, register, verify]);
  const [mode, setMode] = useState<'login' | 'signup'>('signup');
  return (
    <section aria-labelledby="join-sign-in" className="mt-6 rounded-lg border border-neutral-200 p-4 sm:p-6">
      <h2 id="join-sign-in" className="text-lg font-semibold">
        {mode === 'signup' ? 'Create your account to join' : 'Sign in to join'}
      </h2>
      <div className="mt-4">
        <SignInFlow
          key={mode}
          mode={mode}
          driver={driver}
          onDone={onDone}
          doneText="Signed in. Preparing your checkout…"
          footer={
            <>
              <button
                type="button"
                className="font-medium text-accent hover:underline"
                onClick={() => setMode(mode === 'signup' ? 'login' : 'signup')}
              >
                {mode === 'signup' ? 'I already have an account' : 'I am new here: create an account'}
              </button>
              <button type="button" className="block w-full text-neutral-600 hover:underline" onClick={onBack}>
                Not now
              </button>
            </>
          }
        />
      </div>
    </section>
  );
}
