import { useMemo } from 'react';
import type { CaptureMethod, ConnectStripeRequest, PaymentMode, StripeSettings } from '@plaza/sdk/ecom';
import { TextField } from '../../../ui/Field.js';
import { FormProblems } from '../../../ui/FormProblems.js';
import type { FormRules } from '../../../ui/formRules.js';
import { friendlyError } from '../../../ui/friendlyError.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { ChoiceCards } from '../../ui/ChoiceCards.js';
import { choiceBinder } from '../../ui/choices.js';
import { FormPage, FormSection, useDraft } from '../../ui/FormPage.js';
import { CAPTURE_CHOICES, WebhookAddress } from './stripeParts.js';

/** What the owner types to connect Stripe (or replace its keys). */
export type KeysDraft = ConnectStripeRequest & { captureMethod: CaptureMethod };

type KeyField = 'secretKey' | 'publishableKey' | 'webhookSecret';

/** The keys' own shapes, as the server checks them (pasted keys may carry a space or a line break: it trims). */
export const keyRules: FormRules<KeyField> = {
  secretKey: {
    label: 'Secret key',
    required: true,
    requiredMessage: 'Paste your secret key from Stripe (Developers → API keys).',
    maxLength: 255,
    valid: (v) => /^(sk|rk)_(test|live)_[A-Za-z0-9]+$/.test(v.trim()),
    formatHint: 'A secret key starts with sk_test_ or sk_live_ (or rk_ for a restricted key).',
  },
  publishableKey: {
    label: 'Publishable key',
    required: true,
    requiredMessage: 'Paste your publishable key from Stripe (Developers → API keys).',
    maxLength: 255,
    valid: (v) => /^pk_(test|live)_[A-Za-z0-9]+$/.test(v.trim()),
    formatHint: 'A publishable key starts with pk_test_ or pk_live_.',
  },
  webhookSecret: {
    label: 'Webhook signing secret',
    required: true,
    requiredMessage: 'Paste the signing secret of the webhook endpoint you added in Stripe.',
    maxLength: 255,
    valid: (v) => /^whsec_[A-Za-z0-9]+$/.test(v.trim()),
    formatHint: 'The signing secret starts with whsec_: copy it from the webhook endpoint in Stripe.',
  },
};

const MODE_CHOICES: Array<{ value: PaymentMode; label: string; hint: string }> = [
  {
    value: 'TEST',
    label: 'Test',
    hint: 'Stripe’s test keys: buyers pay with Stripe’s test cards, no real money moves.',
  },
  { value: 'LIVE', label: 'Live', hint: 'Your live keys: buyers pay with real cards and real money.' },
];

/** Refusals the form can say in the owner's words (the field problems stand next to their fields). */
const REFUSALS: Partial<Record<string, string>> = {
  STRIPE_UNAVAILABLE: 'Stripe could not be reached to check your keys. Nothing was saved: try again in a moment.',
  ENCRYPTION_KEY_MISSING:
    'This server cannot keep payment keys: ask your server administrator to set PLAZA_ENCRYPTION_KEY.',
};

/** A failed connect in words: Stripe unreachable or keys that cannot be kept, else the error as it came. */
export function refusalInWords(error: unknown): unknown {
  const code = (error as { details?: { applicationError?: { code?: string } } } | null)?.details?.applicationError
    ?.code;
  const words = code ? REFUSALS[code] : undefined;
  return words ? friendlyError(error, { 409: words }) : error;
}

const blankDraft = (settings: StripeSettings): KeysDraft => ({
  mode: settings.mode ?? 'TEST',
  secretKey: '',
  publishableKey: '',
  webhookSecret: '',
  captureMethod: settings.captureMethod,
});

/**
 * The keys to connect Stripe with (or to replace the current ones): mode, the two API keys, the webhook's signing
 * secret and how payments are captured. The page sends them; Stripe checks them before anything is saved.
 */
export function StripeKeysForm({
  settings,
  busy,
  error,
  onConnect,
  onCancel,
}: {
  settings: StripeSettings;
  busy: boolean;
  error: unknown;
  onConnect: (request: KeysDraft) => void;
  /** Replacing the keys of a connected Stripe: back to the connection as it is. */
  onCancel?: (() => void) | undefined;
}) {
  const saved = useMemo(() => blankDraft(settings), [settings]);
  const { draft, set, dirty, undo } = useDraft<KeysDraft>(saved);
  const form = useFormRules(keyRules, draft, { serverError: error });
  const choose = choiceBinder(draft, set);
  const prefix = draft.mode === 'LIVE' ? 'live' : 'test';
  const replacing = Boolean(onCancel);
  const key = (name: KeyField, hint: string, secret: boolean) => (
    <TextField
      {...form.bind(name, draft[name], (v) => set(name, v))}
      counter={false}
      hint={hint}
      type={secret ? 'password' : 'text'}
      autoComplete="off"
      spellCheck={false}
      className="max-w-xl"
    />
  );

  return (
    <FormPage
      dirty={dirty}
      busy={busy}
      saveLabel={busy ? 'Checking with Stripe…' : replacing ? 'Save the new keys' : 'Connect Stripe'}
      untouched={replacing ? 'Paste the new keys from Stripe.' : 'Paste your keys from Stripe to connect it.'}
      cancel={onCancel && { label: 'Keep the current keys', onClick: onCancel }}
      onUndo={undo}
      onSubmit={() => {
        if (form.check()) onConnect(draft);
      }}
    >
      <FormSection
        title={replacing ? 'Replace your Stripe keys' : 'Connect Stripe'}
        description={
          replacing
            ? 'Stripe checks the new keys before they replace the current ones; until then nothing changes.'
            : 'Take real card payments with Stripe. Until you connect it, your shop takes test cards only: no real money moves.'
        }
      >
        <ChoiceCards legend="Mode" name="stripe-mode" choices={MODE_CHOICES} {...choose('mode')} />
        {key('secretKey', `In Stripe: Developers → API keys. It starts with sk_${prefix}_.`, true)}
        {key('publishableKey', `On the same page. It starts with pk_${prefix}_.`, false)}
      </FormSection>
      <FormSection
        title="Webhook"
        description="Stripe tells your shop here when a buyer has paid, even if they close the page."
      >
        <WebhookAddress url={settings.webhookUrl} />
        {key('webhookSecret', 'It starts with whsec_.', true)}
      </FormSection>
      <FormSection title="Capturing payments">
        <ChoiceCards
          legend="Take the money"
          name="stripe-capture"
          choices={CAPTURE_CHOICES}
          {...choose('captureMethod')}
        />
      </FormSection>
      <FormProblems form={form} error={refusalInWords(error)} />
    </FormPage>
  );
}
