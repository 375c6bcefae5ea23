import { describe, expect, it } from 'vitest';
import { paymentQueries } from '@plaza/react';
import type { StripeSettings } from '@plaza/sdk/ecom';
import { count, noop } from '../../../ui/testing.js';
import {
  queryClientWithSite,
  refusedWith,
  render,
  renderForOwner,
  seeded,
  staffClient,
  textOf,
  violation,
} from '../../testing.js';
import { TestModeBanner } from '../../TestModeBanner.js';
import { PaymentsPage, PaymentsScreen } from './PaymentsPage.js';
import { StripeKeysForm } from './StripeKeysForm.js';

const WEBHOOK_URL = 'https://shop.example/payments/v1/stripe/webhook';

const notConnected = (over: Partial<StripeSettings> = {}): StripeSettings => ({
  connected: false,
  captureMethod: 'AUTOMATIC',
  webhookUrl: WEBHOOK_URL,
  canStoreKeys: true,
  ...over,
});

const connected = (over: Partial<StripeSettings> = {}): StripeSettings => ({
  ...notConnected(),
  connected: true,
  mode: 'TEST',
  accountName: 'Corner Shop Ltd',
  publishableKey: 'pk_test_51Habcdefghij9876',
  secretKeyHint: 'sk_test_…4242',
  webhookSecretHint: 'whsec_…7f3a',
  connectedDate: '2026-11-20T09:30:00.000Z',
  ...over,
});

/** The page for the owner, its Stripe settings in the cache. */
function page(settings: StripeSettings, client = staffClient('OWNER')) {
  const queryClient = queryClientWithSite();
  queryClient.setQueryData(paymentQueries.stripe(seeded).queryKey, settings);
  return render(<PaymentsPage />, client, queryClient, '/admin/settings/payments');
}

/** The input labelled `label` (its whole tag), found through the label's `for`. */
function input(html: string, label: string): string {
  const id = new RegExp(`<label for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
  if (!id) throw new Error(`no field labelled ${label}`);
  const tag = new RegExp(`<input[^>]*id="${id.replace(/[:]/g, '\\:')}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`no input for ${label}`);
  return tag;
}

/** The words of the picked choice of a radio group. */
function picked(html: string, name: string): string | undefined {
  const re = new RegExp(`<input type="radio"[^>]*name="${name}"[^>]*>\\s*<span><span[^>]*>([^<]+)<`, 'g');
  const found = [...html.matchAll(re)].filter((m) => m[0].includes('checked=""'));
  return found.length === 1 ? found[0]![1] : undefined;
}

/** The text of the element with this id (a field's error or hint). */
function textById(html: string, id: string): string {
  const m = new RegExp(`id="${id}"[^>]*>([^<]*)<`).exec(html);
  return m?.[1] ?? '';
}

describe('Settings → Payments', () => {
  it('not connected: says what Stripe is for, then the keys form with the webhook address to register', () => {
    const html = page(notConnected());
    const text = textOf(html);
    expect(text).toContain(
      'Take real card payments with Stripe. Until you connect it, your shop takes test cards only: no real money moves.',
    );
    // The two secrets are typed as passwords; the publishable key is not a secret.
    expect(input(html, 'Secret key')).toContain('type="password"');
    expect(input(html, 'Webhook signing secret')).toContain('type="password"');
    expect(input(html, 'Publishable key')).toContain('type="text"');
    // Test mode and automatic capture are picked until the owner chooses.
    expect(picked(html, 'stripe-mode')).toBe('Test');
    expect(picked(html, 'stripe-capture')).toBe('Automatically');
    expect(text).toContain('When I capture them');
    expect(html).toMatch(new RegExp(`data-testid="stripe-webhook-url"[^>]*>${WEBHOOK_URL}<`));
    expect(text).toContain('Copy');
    expect(text).toContain('In Stripe: Developers → Webhooks → Add endpoint, then copy its signing secret here.');
    expect(text).toContain('Connect Stripe');
    expect(text).not.toContain('Disconnect');
  });

  it('keys that cannot be kept: tells the owner what to ask the server administrator, and shows no form', () => {
    const html = page(notConnected({ canStoreKeys: false }));
    const text = textOf(html);
    expect(text).toContain('ask your server administrator to set PLAZA_ENCRYPTION_KEY');
    expect(text).toContain('your shop takes test cards only');
    expect(html).not.toContain('type="password"');
    expect(html).not.toContain('<form');
  });

  it('connected in test mode: the account, an amber "Test mode" badge, the keys masked, and what can be done', () => {
    const html = page(connected());
    const text = textOf(html);
    expect(text).toContain('Corner Shop Ltd');
    expect(html).toMatch(/<span class="[^"]*bg-amber-50[^"]*">Test mode<\/span>/);
    expect(text).toContain('sk_test_…4242');
    expect(text).toContain('whsec_…7f3a');
    // The publishable key is shown by its kind and end, like the secrets.
    expect(text).toContain('pk_test_…9876');
    expect(text).not.toContain('pk_test_51Habcdefghij9876');
    expect(text).toContain('20 Nov 2026');
    expect(html).toMatch(new RegExp(`data-testid="stripe-webhook-url"[^>]*>${WEBHOOK_URL}<`));
    expect(text).toContain('Replace keys');
    expect(text).toContain('Disconnect Stripe');
    // Capture is changed on its own: saved as it is, so Save waits for a change.
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Save how payments are captured<\/button>/);
    expect(html).not.toContain('type="password"');
  });

  it('connected live: a green "Live" badge, no test mode anywhere', () => {
    const html = page(
      connected({
        mode: 'LIVE',
        secretKeyHint: 'sk_live_…0001',
        publishableKey: 'pk_live_51Habcdefghij0002',
        captureMethod: 'MANUAL',
      }),
    );
    expect(html).toMatch(/<span class="[^"]*bg-emerald-50[^"]*">Live<\/span>/);
    expect(textOf(html)).not.toContain('Test mode');
    expect(picked(html, 'stripe-capture')).toBe('When I capture them');
  });

  it('is the owner’s: a contributor reads why instead of a refusal', () => {
    const text = textOf(page(connected(), staffClient('CONTRIBUTOR')));
    expect(text).toContain('Only the owner sets up payments');
    expect(text).not.toContain('Corner Shop Ltd');
  });

  it('shows a skeleton while the settings load', () => {
    expect(render(<PaymentsPage />, staffClient('OWNER'), queryClientWithSite())).toContain(
      'aria-label="Loading the payment settings"',
    );
  });
});

describe('the Stripe keys form', () => {
  const form = (error: unknown = null, busy = false, onCancel?: () => void) =>
    renderForOwner(
      <StripeKeysForm settings={notConnected()} busy={busy} error={error} onConnect={noop} onCancel={onCancel} />,
    );

  it('puts Stripe’s refusal of a key next to that key, in words, once, and no error box', () => {
    const words = 'Stripe did not accept this secret key: copy it again from Stripe (Developers → API keys)';
    const html = form(refusedWith(words, [violation('secretKey', 'VALIDATION', words)]));
    const secret = input(html, 'Secret key');
    expect(secret).toContain('aria-invalid="true"');
    const errorId = /aria-describedby="[^"]*?(\S+-error)/.exec(secret)?.[1];
    expect(textById(html, errorId!)).toBe(`${words}.`);
    expect(count(textOf(html), words)).toBe(1);
    expect(input(html, 'Publishable key')).not.toContain('aria-invalid');
    expect(html).not.toContain('role="alert"');
    expect(html).not.toMatch(/secretKey|fieldViolations/);
  });

  it('says a key of the other mode next to its field', () => {
    const words = 'This is a live key: Test mode needs a test key (pk_test_…)';
    const html = form(refusedWith(words, [violation('publishableKey', 'VALIDATION', words)]));
    expect(input(html, 'Publishable key')).toContain('aria-invalid="true"');
    expect(textOf(html)).toContain(`${words}.`);
    expect(input(html, 'Secret key')).not.toContain('aria-invalid');
  });

  it('says in the form’s error box when Stripe could not be reached', () => {
    const unreachable = {
      status: 409,
      message: 'Stripe could not be reached to check the key: nothing was saved, try again in a moment',
      details: { applicationError: { code: 'STRIPE_UNAVAILABLE' } },
    };
    const html = form(unreachable);
    expect(html).toContain('role="alert"');
    expect(textOf(html)).toContain(
      'Stripe could not be reached to check your keys. Nothing was saved: try again in a moment.',
    );
  });

  it('while Stripe checks the keys: the button is busy and says so', () => {
    const html = form(null, true);
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""[^>]*aria-busy="true"[^>]*>.*Checking with Stripe…/);
    expect(textOf(html)).not.toContain('Connect Stripe Connect');
  });

  it('replacing the keys offers a way back to the connection as it is', () => {
    const text = textOf(form(null, false, noop));
    expect(text).toContain('Replace your Stripe keys');
    expect(text).toContain('Keep the current keys');
    expect(text).toContain('Save the new keys');
  });

  it('the page renders the form for a shop without Stripe, through PaymentsScreen', () => {
    expect(textOf(renderForOwner(<PaymentsScreen settings={notConnected()} />))).toContain('Connect Stripe');
  });
});

describe('the test mode banner', () => {
  const banner = (card: { provider: 'TEST_CARD' | 'STRIPE'; testMode: boolean } | undefined) => {
    const queryClient = queryClientWithSite();
    if (card) queryClient.setQueryData(paymentQueries.methods(seeded).queryKey, { card });
    return render(<TestModeBanner />, staffClient('OWNER'), queryClient);
  };

  it('says payments are not real money, linking to the payment settings', () => {
    for (const provider of ['TEST_CARD', 'STRIPE'] as const) {
      const html = banner({ provider, testMode: true });
      expect(textOf(html)).toContain('Test mode: payments are not real money.');
      expect(html).toMatch(/<a[^>]*href="\/admin\/settings\/payments"[^>]*>Payment settings<\/a>/);
    }
  });

  it('is not there once payments are live, nor while that is unknown', () => {
    for (const html of [banner({ provider: 'STRIPE', testMode: false }), banner(undefined)]) {
      expect(html).not.toContain('Test mode');
      expect(html).not.toContain('/admin/settings/payments');
    }
  });
});
