import { describe, expect, it } from 'vitest';
import type { Site } from '@plaza/contracts';
import { site as storefrontSite } from '../storefront/testing.js';
import { queryClientWithSite, render, renderForOwner, staffClient, textOf } from './testing.js';
import { Waiting } from './OverviewPage.js';
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
    ]);
    const chosen = setupChecklist({ ...site, signInPolicy: { ...site.signInPolicy, captchaMode: 'ALWAYS' } }, 'Euro');
    expect(chosen[2]!.done).toBe(true);
    // No step links to a screen that does not exist.
    expect(fresh.every((i) => i.to.startsWith('/admin/settings'))).toBe(true);
  });
});
