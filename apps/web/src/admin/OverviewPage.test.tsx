import { describe, expect, it } from 'vitest';
import type { Site } from '@plaza/contracts';
import { paymentQueries } from '@plaza/react';
import { site as storefrontSite } from '../storefront/testing.js';
import { queryClientWithSite, render, renderForOwner, staffClient, textOf } from './testing.js';
import { OverviewPage, Waiting } from './OverviewPage.js';
import { setupChecklist } from './setup.js';

describe('Overview: waiting for you', () => {
  it('shows each queue as a count linking to it', () => {
    const html = renderForOwner(<Waiting counts={{ reviews: 3, reports: 1, approvals: 0 }} />);
    const text = textOf(html);
    expect(text).toContain('3 reviews to moderate');
    expect(text).toContain('1 open report');
    expect(text).toContain('Nobody waits for approval');
    expect(html).toMatch(
      /<a[^>]*(href="\/admin\/reviews"[^>]*data-testid="overview-reviews"|data-testid="overview-reviews"[^>]*href="\/admin\/reviews")/,
    );
  });

  it('leaves out the queues a contributor cannot act on', () => {
    const text = textOf(render(<Waiting counts={{ reports: 2 }} />, staffClient('CONTRIBUTOR'), queryClientWithSite()));
    expect(text).toContain('2 open reports');
    expect(text).not.toContain('moderate');
    expect(text).not.toContain('approv');
  });
});

describe('setup checklist', () => {
  // The storefront fixture, as a new site: default policy, never saved since.
  const site: Site = {
    ...storefrontSite,
    signInPolicy: { ...storefrontSite.signInPolicy, captchaMode: 'AFTER_FAILURES' },
    updatedDate: storefrontSite.createdDate,
  };

  it('lists only steps that exist today, and marks the sign-in policy done once the owner chose one', () => {
    const fresh = setupChecklist(site, 'Euro');
    expect(fresh.map((i) => [i.label, i.done])).toEqual([
      ['Name your store', true],
      ['Choose your currency', true],
      ['Decide how people sign in', false],
      ['Take real payments: connect Stripe', false],
    ]);
    const chosen = setupChecklist({ ...site, signInPolicy: { ...site.signInPolicy, captchaMode: 'ALWAYS' } }, 'Euro');
    expect(chosen[2]!.done).toBe(true);
    // No step links to a screen that does not exist.
    expect(fresh.every((i) => i.to.startsWith('/admin/settings'))).toBe(true);
  });

  it('marks the Stripe step done once Stripe is connected, and links it to the payments screen', () => {
    const stripeStep = (card?: Parameters<typeof setupChecklist>[2]) =>
      setupChecklist(site, 'Euro', card).find((i) => i.label === 'Take real payments: connect Stripe')!;
    expect(stripeStep().to).toBe('/admin/settings/payments');
    expect([stripeStep().done, stripeStep().detail]).toEqual([false, 'Let buyers pay with real cards']);
    expect(stripeStep({ provider: 'TEST_CARD', testMode: true })).toMatchObject({
      done: false,
      detail: 'Buyers can only pay with test cards until you do',
    });
    expect(stripeStep({ provider: 'STRIPE', testMode: true })).toMatchObject({
      done: true,
      detail: 'Stripe is connected in test mode',
    });
    expect(stripeStep({ provider: 'STRIPE', testMode: false })).toMatchObject({
      done: true,
      detail: 'Stripe is connected',
    });
  });

  it('shows the Stripe step on the overview, done from the shop’s payment methods', () => {
    const queryClient = queryClientWithSite();
    queryClient.setQueryData(paymentQueries.methodsKey(), { card: { provider: 'STRIPE', testMode: false } });
    const html = renderForOwner(<OverviewPage />, queryClient);
    const step = /<a[^>]*href="\/admin\/settings\/payments"[^>]*>(.*?)<\/a>/s.exec(html);
    expect(step).not.toBeNull();
    expect(textOf(step![1]!)).toBe('Take real payments: connect Stripe Stripe is connected');
    expect(step![1]).toContain('aria-label="Done"');
    expect(textOf(html)).toContain('4 of 4 done');
  });
});
