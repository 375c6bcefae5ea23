import { describe, expect, it } from 'vitest';
import type { ReviewRequest } from '@plaza/contracts';
import { reviewQueries, type ReviewsClient } from '@plaza/react';
import { CommunityPolicyForm } from '../CommunityPolicyForm.js';
import { queryClientWithSite, render, staffClient, textOf } from '../testing.js';
import { site } from '../../storefront/testing.js';
import { localDateTimeValue } from './ReviewRequestForm.js';
import { ReviewRequestsPage } from './ReviewRequestsPage.js';

const request = (over: Partial<ReviewRequest>): ReviewRequest => ({
  id: crypto.randomUUID(),
  namespace: 'stores',
  entityId: 'mug',
  entityName: 'Blue mug',
  link: 'https://shop.example/mug',
  contact: { name: 'Ann', email: 'ann@example.com' },
  channel: 'EMAIL',
  sendDate: '2025-03-01T10:00:00.000Z',
  status: 'SCHEDULED',
  createdDate: '2025-03-01T09:00:00.000Z',
  updatedDate: '2025-03-01T09:00:00.000Z',
  ...over,
});

describe('ReviewRequestsPage', () => {
  function page(role: 'OWNER' | 'CONTRIBUTOR', requests: ReviewRequest[]) {
    const client = staffClient(role, { reviews: {} });
    const queryClient = queryClientWithSite();
    const query = { paging: { limit: 20, offset: 0 } };
    queryClient.setQueryData(reviewQueries.requests(client as unknown as ReviewsClient, query).queryKey, {
      reviewRequests: requests,
      metadata: { count: requests.length, offset: 0, total: requests.length },
    });
    return render(<ReviewRequestsPage />, client, queryClient, '/admin/review-requests');
  }

  it('lists requests with their status, says why one failed, and offers Cancel only while scheduled', () => {
    const html = page('OWNER', [
      request({ status: 'SCHEDULED' }),
      request({ status: 'FAILED', failureReason: 'ALREADY_REVIEWED', contact: { email: 'bo@example.com' } }),
      request({ status: 'SENT', sentDate: '2025-03-01T10:00:05.000Z' }),
    ]);
    const text = textOf(html);
    expect(text).toContain('Ann <ann@example.com>');
    expect(text).toContain('They had already reviewed it');
    expect(text).toContain('Sent 1 Mar 2025');
    // Cancel only on the scheduled one (the table; phones show the same rows as cards).
    const table = html.slice(0, html.indexOf('data-testid="table-cards"'));
    expect(table.match(/aria-label="Cancel request /g)).toHaveLength(1);
    expect(text).toContain('3 requests');
    // The schedule form, with the defaults: namespace "site" and now.
    expect(text).toContain('Ask for a review');
    expect(html).toContain('value="site"');
  });

  it('says an empty list in words, and leaves the screen to the owner', () => {
    expect(textOf(page('OWNER', []))).toContain('No review requests here');
    const text = textOf(page('CONTRIBUTOR', []));
    expect(text).not.toContain('Ask for a review');
    expect(text).toContain('Only the owner schedules and sees review requests.');
  });

  it('fills the send time in the browser-local format the input expects', () => {
    expect(localDateTimeValue(new Date(2025, 0, 5, 7, 3))).toBe('2025-01-05T07:03');
  });
});

describe('CommunityPolicyForm', () => {
  it("checks the site's current moderation and privacy choices", () => {
    const withPolicy = {
      ...site,
      communityPolicy: { reviewModeration: 'AUTO_APPROVE', defaultPrivacyStatus: 'PRIVATE' },
    } as const;
    const html = render(<CommunityPolicyForm site={withPolicy} />, staffClient('OWNER'), queryClientWithSite());
    expect(html).toMatch(/<input[^>]*checked=""[^>]*\/><span><span[^>]*>Publish reviews at once/);
    expect(html).toMatch(/<input[^>]*checked=""[^>]*\/><span><span[^>]*>Private/);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Save community settings/);
    // Nothing changed yet: no Undo to offer (the kit's page form shows it only with changes).
    expect(html).not.toContain('Undo changes');
    expect(html).toContain('All changes saved.');
  });
});
