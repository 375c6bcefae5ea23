import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { paymentMutations, paymentQueries, usePlaza } from '@plaza/react';
import type { StripeSettings } from '@plaza/sdk/ecom';
import { SkeletonStack } from '../../../ui/Skeleton.js';
import { useToast } from '../../Toast.js';
import { ownerOnlyPage } from '../../ui/OwnerOnly.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { QueryStates } from '../../ui/QueryStates.js';
import { KeysCannotBeKept, StripeConnected } from './StripeConnected.js';
import { StripeKeysForm } from './StripeKeysForm.js';
import { useStripeMutation } from './stripeParts.js';

/** /admin/settings/payments: how buyers pay by card, with test cards or through the owner's Stripe account. */
export const PaymentsPage = ownerOnlyPage('Payments', 'payments', Loader);

function Loader() {
  const stripe = useQuery(paymentQueries.stripe(usePlaza()));
  return (
    <>
      <PageHeader title="Payments" description="How buyers pay by card in your shop." />
      <QueryStates
        query={stripe}
        loading={<SkeletonStack label="Loading the payment settings" className="space-y-3" bars={['h-64 w-full']} />}
      >
        {(settings) => <PaymentsScreen settings={settings} />}
      </QueryStates>
    </>
  );
}

/**
 * The screen for the connection as it stands: the keys form while Stripe is not connected (or its keys are being
 * replaced), the connection once it is, and what to ask the server's administrator when keys cannot be kept.
 */
export function PaymentsScreen({ settings }: { settings: StripeSettings }) {
  const [replacing, setReplacing] = useState(false);
  if (settings.connected && !replacing)
    return <StripeConnected settings={settings} onReplace={() => setReplacing(true)} />;
  if (!settings.canStoreKeys)
    return (
      <div className="space-y-3">
        <p className="text-sm text-neutral-700">
          Take real card payments with Stripe. Until you connect it, your shop takes test cards only: no real money
          moves.
        </p>
        <KeysCannotBeKept />
      </div>
    );
  return (
    <ConnectStripe
      settings={settings}
      onCancel={settings.connected ? () => setReplacing(false) : undefined}
      onDone={() => setReplacing(false)}
    />
  );
}

/** The keys form, sent to the server (which checks them with Stripe before it keeps them). */
function ConnectStripe({
  settings,
  onCancel,
  onDone,
}: {
  settings: StripeSettings;
  onCancel: (() => void) | undefined;
  onDone: () => void;
}) {
  const toast = useToast();
  const connect = useStripeMutation(paymentMutations.connectStripe, (s) => {
    onDone();
    toast(s.mode === 'LIVE' ? 'Stripe is connected: buyers pay real money' : 'Stripe is connected in test mode');
  });
  return (
    <StripeKeysForm
      settings={settings}
      busy={connect.isPending}
      error={connect.error}
      onCancel={onCancel}
      onConnect={(request) => connect.mutate(request)}
    />
  );
}
