import { describe, expect, it } from 'vitest';
import { reviewQueries, type ReviewsClient } from '@plaza/react';
import { queryClientWithSite, render, review, staffClient, textOf } from '../testing.js';
import { ReviewCard } from './ReviewCard.js';
import { ReviewsPage } from './ReviewsPage.js';
import { noReviewFilters, queueRequest, statusFilter } from './reviewRules.js';

const link = (id: string) => `?member=${id}`;

describe('queueRequest', () => {
  it('asks for private reviews waiting for moderation, newest first, by default', () => {
    expect(queueRequest(noReviewFilters, 'IN_MODERATION')).toEqual({
      query: {
        filter: { 'moderation.moderationStatus': 'IN_MODERATION' },
        sort: [{ fieldName: 'reviewDate', order: 'DESC' }],
        cursorPaging: { limit: 20 },
      },
      returnPrivateReviews: true,
    });
  });

  it('adds rating and entity, and drops the status for "All"', () => {
    const filters = { rating: '2', namespace: ' stores ', entityId: 'mug', sort: 'lowest' } as const;
    expect(statusFilter(filters, 'ALL')).toEqual({ namespace: 'stores', entityId: 'mug', 'content.rating': 2 });
    expect(queueRequest(filters, 'REJECTED').query?.sort).toEqual([{ fieldName: 'content.rating', order: 'ASC' }]);
  });
});

describe('ReviewsPage', () => {
  it('lists the waiting reviews with a count on each status tab and Load more while there are more', () => {
    const client = staffClient('OWNER', { reviews: {} });
    const c = client as unknown as ReviewsClient;
    const queryClient = queryClientWithSite();
    queryClient.setQueryData(reviewQueries.infinite(c, queueRequest(noReviewFilters, 'IN_MODERATION')).queryKey, {
      pages: [
        {
          reviews: [review({ content: { rating: 2, title: 'Chipped', body: 'Arrived broken.' } })],
          pagingMetadata: { count: 1, cursors: { next: 'c2' }, hasNext: true },
        },
      ],
      pageParams: [undefined],
    });
    const counts = { IN_MODERATION: 7, APPROVED: 40, REJECTED: 3, ALL: 50 } as const;
    for (const [status, count] of Object.entries(counts)) {
      const filter = statusFilter(noReviewFilters, status as keyof typeof counts);
      queryClient.setQueryData(reviewQueries.count(c, { filter, includePrivateReviews: true }).queryKey, count);
    }
    const html = render(<ReviewsPage />, client, queryClient, '/admin/reviews');
    const text = textOf(html);
    expect(text).toContain('Waiting for you 7 Approved 40 Rejected 3 All 50');
    expect(html).toMatch(/aria-pressed="true"[^>]*>Waiting for you/);
    expect(text).toContain('Chipped');
    expect(text).toContain('Arrived broken.');
    expect(text).toContain('Load more');
  });
});

describe('ReviewCard', () => {
  function card(r: ReturnType<typeof review>, role: 'OWNER' | 'CONTRIBUTOR' = 'OWNER') {
    return render(
      <ul>
        <ReviewCard review={r} memberLink={link} />
      </ul>,
      staffClient(role, { reviews: {} }),
      queryClientWithSite(),
    );
  }

  it('renders title, body and reply as escaped text: no HTML of a review reaches the page', () => {
    const html = card(
      review({
        content: { rating: 5, title: '<script>alert(1)</script>', body: '<img src=x onerror=alert(1)>' },
        reply: { message: '<b>Thanks</b>', createdDate: '2025-03-02T10:00:00Z', updatedDate: '2025-03-02T10:00:00Z' },
      }),
    );
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>Thanks');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(textOf(html)).toContain('Public reply');
    expect(textOf(html)).toContain('Edit reply');
  });

  it('offers Approve and Reject for a waiting review, and shows the contact author with e-mail', () => {
    const html = card(review());
    const text = textOf(html);
    for (const s of [
      'Approve',
      'Reject',
      'Reply',
      'Delete',
      'Waiting',
      'Grace',
      'grace@example.com',
      'about product mug',
    ]) {
      expect(text).toContain(s);
    }
    expect(html).toContain('aria-label="4 out of 5 stars"');
  });

  it('hides the decision already taken, and links a member author to their drawer', () => {
    const html = card(
      review({
        moderation: { moderationStatus: 'APPROVED' },
        author: { authorType: 'MEMBER', memberId: 'm-1', name: 'Ada' },
      }),
    );
    expect(html).not.toMatch(/<button[^>]*>Approve<\/button>/);
    expect(html).toMatch(/<button[^>]*>Reject<\/button>/);
    expect(html).toContain('href="/admin?member=m-1"');
  });

  it('tells a contributor that moderation is for the owner', () => {
    const html = card(review(), 'CONTRIBUTOR');
    expect(html).toMatch(/<button[^>]*aria-disabled="true"[^>]*>Approve/);
    expect(textOf(html)).toContain('Only the owner can moderate reviews.');
  });
});
