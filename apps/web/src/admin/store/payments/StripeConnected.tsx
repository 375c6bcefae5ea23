import { useState, type FormEvent } from 'react';
import { paymentMutations } from '@plaza/react';
import type { CaptureMethod, StripeSettings } from '@plaza/sdk/ecom';
import { Alert } from '../../../ui/Alert.js';
import { Button } from '../../../ui/Button.js';
import { cx } from '../../../ui/cx.js';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import { useDateFormat } from '../../dates.js';
import { useToast } from '../../Toast.js';
import { ChoiceCards } from '../../ui/ChoiceCards.js';
import { DangerConfirm } from '../../ui/DangerConfirm.js';
import { FormSection } from '../../ui/FormPage.js';
import { CAPTURE_CHOICES, ModeBadge, useStripeMutation, WebhookAddress } from './stripeParts.js';

/** A key shown by its kind and last characters ("pk_test_…4242"): enough to tell which one it is. */
const masked = (key: string) => `${key.slice(0, key.indexOf('_', 3) + 1 || 4)}…${key.slice(-4)}`;

/**
 * Stripe as connected: which account, in which mode, the keys by their hints, the webhook address, how payments are
 * captured; Replace keys (the form again, through `onReplace`) and Disconnect behind a confirmation.
 */
export function StripeConnected({ settings, onReplace }: { settings: StripeSettings; onReplace: () => void }) {
  const formatDate = useDateFormat();
  const [confirming, setConfirming] = useState(false);
  // Keys are read character by character (monospace); the date is words.
  const rows: Array<[string, string | undefined, boolean]> = [
    ['Secret key', settings.secretKeyHint, true],
    ['Publishable key', settings.publishableKey && masked(settings.publishableKey), true],
    ['Webhook signing secret', settings.webhookSecretHint, true],
    ['Connected', formatDate(settings.connectedDate), false],
  ];
  return (
    <div className="space-y-4">
      {!settings.canStoreKeys && <KeysCannotBeKept connected />}
      <FormSection
        title="Stripe"
        description={
          settings.mode === 'LIVE'
            ? 'Buyers pay by card on Stripe’s page, with real money.'
            : 'Buyers pay on Stripe’s page with Stripe’s test cards: no real money moves.'
        }
      >
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{settings.accountName ?? 'Your Stripe account'}</span>
          <ModeBadge mode={settings.mode} />
        </p>
        <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
          {rows.map(([label, value, mono]) => (
            <div key={label} className="contents">
              <dt className="text-neutral-600">{label}</dt>
              <dd className={cx('mb-2 break-all text-neutral-900 sm:mb-0 sm:self-center', mono && 'font-mono text-xs')}>
                {value ?? '—'}
              </dd>
            </div>
          ))}
        </dl>
        <div className="flex flex-wrap gap-2">
          {settings.canStoreKeys && (
            <Button variant="secondary" onClick={onReplace}>
              Replace keys
            </Button>
          )}
          <Button variant="secondary" className="text-red-700" onClick={() => setConfirming(true)}>
            Disconnect Stripe
          </Button>
        </div>
      </FormSection>
      <FormSection title="Webhook">
        <WebhookAddress url={settings.webhookUrl} />
      </FormSection>
      <CaptureForm key={settings.captureMethod} saved={settings.captureMethod} />
      <DisconnectConfirm open={confirming} onClose={() => setConfirming(false)} />
    </div>
  );
}

/** How Stripe payments are captured, changed on its own (the keys stay as they are). */
function CaptureForm({ saved }: { saved: CaptureMethod }) {
  const [method, setMethod] = useState(saved);
  const toast = useToast();
  const save = useStripeMutation(paymentMutations.setCaptureMethod, (s) =>
    toast(
      s.captureMethod === 'MANUAL'
        ? 'You now capture each payment yourself'
        : 'Payments are now captured automatically',
    ),
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(method);
  };
  return (
    <form onSubmit={submit} noValidate>
      <FormSection title="Capturing payments">
        <ChoiceCards
          legend="Take the money"
          name="stripe-capture"
          choices={CAPTURE_CHOICES}
          value={method}
          onChange={setMethod}
        />
        {save.error != null && <ErrorMessage error={save.error} />}
        <Button type="submit" variant="secondary" busy={save.isPending} disabled={method === saved}>
          Save how payments are captured
        </Button>
      </FormSection>
    </form>
  );
}

function DisconnectConfirm({ open, onClose }: { open: boolean; onClose: () => void }) {
  const toast = useToast();
  const disconnect = useStripeMutation(paymentMutations.disconnectStripe, () => {
    onClose();
    toast('Stripe is disconnected');
  });
  return (
    <DangerConfirm
      open={open}
      title="Disconnect Stripe?"
      confirmLabel="Disconnect Stripe"
      busy={disconnect.isPending}
      error={disconnect.error}
      onCancel={() => {
        disconnect.reset();
        onClose();
      }}
      onConfirm={() => disconnect.mutate(undefined)}
    >
      <p>
        Buyers will pay with test cards again: no real money moves until you connect Stripe again. Paid orders keep
        their payments; to refund or capture a Stripe payment, connect Stripe again or do it in Stripe.
      </p>
    </DangerConfirm>
  );
}

/** Payment keys need the server's encryption key: only the server's administrator can set it. */
export function KeysCannotBeKept({ connected = false }: { connected?: boolean }) {
  if (connected)
    return (
      <Alert tone="error" title="Your server can’t read the Stripe keys">
        Buyers can’t pay by card until your server administrator sets PLAZA_ENCRYPTION_KEY again (the one the keys were
        saved with) and restarts Plaza.
      </Alert>
    );
  return (
    <Alert tone="warning" title="Your server can’t keep payment keys yet">
      To connect Stripe, ask your server administrator to set PLAZA_ENCRYPTION_KEY and restart Plaza. Until then your
      shop takes test cards only: no real money moves.
    </Alert>
  );
}
