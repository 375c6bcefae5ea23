import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { QueryReviewsResponse, RatingSummary, Review } from '@plaza/contracts';
import { reviewQueries, type ReviewsClient } from '@plaza/react';
import { fakeClient, MEMBER_ID, queryClientWithSite, render, textOf } from '../testing.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { friendlyError } from '../../ui/friendlyError.js';
import { ReviewsWidget } from './ReviewsWidget.js';
import { listRequest, myReviewRequest } from './requests.js';

const NS = 'site';
const ID = 'store';

function summary(counts: [number, number, number, number, number]): RatingSummary {
  const total = counts.reduce((a, b) => a + b, 0);
  const sum = counts.reduce((a, n, i) => a + n * (i + 1), 0);
  return {
    namespace: NS,
    entityId: ID,
    averageRating: total ? Math.round((sum / total) * 100) / 100 : 0,
    totalReviews: total,
    ratingDistribution: {
      oneStar: counts[0],
      twoStars: counts[1],
      threeStars: counts[2],
      fourStars: counts[3],
      fiveStars: counts[4],
    },
  };
}

let n = 0;
function review(over: Partial<Review> & { content?: Partial<Review['content']> } = {}): Review {
  n += 1;
  const { content, ...rest } = over;
  return {
    id: `0190a1b2-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
    namespace: NS,
    entityId: ID,
    createdDate: '2026-03-12T10:00:00.000Z',
    updatedDate: '2026-03-12T10:00:00.000Z',
    reviewDate: '2026-03-12T10:00:00.000Z',
    content: { rating: 5, title: 'Great', body: 'Loved it', ...content },
    author: { authorType: 'MEMBER', memberId: '0190a1b2-0000-7000-8000-0000000000aa', name: 'Bea' },
    origin: { type: 'ORGANIC' },
    source: { type: 'WEBSITE' },
    relevanceScore: 1,
    moderation: { moderationStatus: 'APPROVED' },
    ...rest,
  };
}

const page = (reviews: Review[], hasNext = false): QueryReviewsResponse => ({
  reviews,
  pagingMetadata: { count: reviews.length, cursors: hasNext ? { next: 'c2' } : {}, hasNext },
});

/** A reviews module answering from fixed data: the summary, the public list and the member's own review. */
function reviewsModule(data: { summary: RatingSummary; list: QueryReviewsResponse; mine?: QueryReviewsResponse }) {
  return {
    getRatingSummary: async () => ({ summary: data.summary }),
    queryReviews: async (req: { returnPrivateReviews?: boolean }) =>
      req.returnPrivateReviews ? (data.mine ?? page([])) : data.list,
    countReviews: async () => ({ count: 0 }),
    listReviewRequests: async () => ({ reviewRequests: [], metadata: { count: 0, offset: 0, total: 0 } }),
  } as unknown as ReviewsClient['reviews'];
}

/** Seeds the cache as the widget's first fetches would, then renders it. */
async function renderWidget(memberId: string | null, reviews: ReviewsClient['reviews']) {
  const client = fakeClient(memberId, { reviews });
  const queryClient = queryClientWithSite();
  const c = client as unknown as ReviewsClient;
  await Promise.all([
    queryClient.prefetchQuery({ ...reviewQueries.summary(c, NS, ID), retry: false }),
    queryClient.prefetchInfiniteQuery({
      ...reviewQueries.infinite(c, listRequest(NS, ID, 'relevance', 10)),
      retry: false,
    }),
    memberId &&
      queryClient.prefetchInfiniteQuery({
        ...reviewQueries.infinite(c, myReviewRequest(NS, ID, memberId)),
        retry: false,
      }),
  ]);
  const ui = <ReviewsWidget namespace={NS} entityId={ID} title="What customers say" />;
  if (!memberId) return render(ui, client, queryClient);
  // A member's own review is a lazy chunk: the first render starts loading it, the second shows it.
  render(ui, client, queryClient);
  await import('./MyReview.js').then(() => new Promise((r) => setTimeout(r, 0)));
  return render(ui, client, queryClient);
}

describe('ReviewsWidget', () => {
  it('shows a skeleton while the summary and the list load', () => {
    const pending = new Promise<never>(() => undefined);
    const client = fakeClient(null, { reviews: { getRatingSummary: () => pending, queryReviews: () => pending } });
    const html = render(
      <ReviewsWidget namespace={NS} entityId={ID} title="What customers say" />,
      client,
      queryClientWithSite(),
    );
    expect(html).toContain('aria-busy="true"');
    expect(html).toContain('Loading What customers say');
    expect(textOf(html)).not.toContain('No reviews yet');
  });

  it('invites the first review when there is none, and sends visitors to sign in', async () => {
    const html = await renderWidget(null, reviewsModule({ summary: summary([0, 0, 0, 0, 0]), list: page([]) }));
    const text = textOf(html);
    expect(text).toContain('What customers say');
    expect(text).toContain('No reviews yet — be the first');
    expect(text).toContain('0 reviews');
    expect(text).toContain('Sign in to write a review');
    expect(html).toContain('href="/login?returnTo=%2F"');
    expect(text).not.toContain('Write a review');
  });

  it('shows the summary, the reviews with the store reply, and "Show more" while there are more pages', async () => {
    const withReply = review({
      content: { rating: 4, title: 'Solid', body: 'Good value.\nFast delivery.' },
      reply: {
        message: 'Thanks, Bea!',
        createdDate: '2026-03-13T09:00:00.000Z',
        updatedDate: '2026-03-13T09:00:00.000Z',
      },
    });
    const html = await renderWidget(
      null,
      reviewsModule({ summary: summary([0, 0, 1, 1, 2]), list: page([withReply, review()], true) }),
    );
    const text = textOf(html);
    expect(text).toContain('4.3'); // (3 + 4 + 5 + 5) / 4 = 4.25, shown with one decimal
    expect(text).toContain('4 reviews');
    expect(html).toContain('aria-label="4.3 out of 5 stars"');
    expect(html.match(/data-testid="review"/g)).toHaveLength(2);
    expect(text).toContain('Reply from Corner Shop');
    expect(text).toContain('Thanks, Bea!');
    expect(text).toContain('12 Mar 2026'); // Intl in the site's locale (en-GB)
    expect(text).toContain('Show more reviews');
    for (const label of ['Most relevant', 'Newest', 'Highest rating', 'Lowest rating']) expect(text).toContain(label);
  });

  it('renders review text as plain text and only http(s) media', async () => {
    const hostile = review({
      content: {
        rating: 1,
        title: '<b>bold</b>',
        body: '<img src=x onerror="alert(1)">',
        media: [
          { image: 'javascript:alert(1)' },
          { image: 'https://img.example/p.jpg' },
          { video: 'https://v.example/v' },
        ],
      },
    });
    const html = await renderWidget(null, reviewsModule({ summary: summary([1, 0, 0, 0, 0]), list: page([hostile]) }));
    expect(html).not.toContain('<b>bold</b>');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="https://img.example/p.jpg"');
    expect(html).toContain('rel="noopener noreferrer nofollow ugc"');
    expect(textOf(html)).toContain('Video 2');
  });

  it('words a duplicate review (409) and keeps the request id', () => {
    const conflict = Object.assign(new Error('A review by this author already exists'), {
      status: 409,
      requestId: 'req-42',
    });
    const html = renderToString(
      <ErrorMessage error={friendlyError(conflict, { 409: 'You already reviewed this. Edit your review instead.' })} />,
    );
    const text = textOf(html);
    expect(html).toContain('role="alert"');
    expect(text).toContain('You already reviewed this. Edit your review instead.');
    expect(text).toContain('req-42');
    // Other statuses keep the server's words.
    expect(friendlyError(Object.assign(new Error('x'), { status: 400 }), { 409: 'y' })).toMatchObject({ message: 'x' });
  });

  it("shows a member's own pending review once, badged, with edit and delete", async () => {
    const mine = review({
      author: { authorType: 'MEMBER', memberId: MEMBER_ID, name: 'Ada' },
      moderation: { moderationStatus: 'IN_MODERATION' },
    });
    const html = await renderWidget(
      MEMBER_ID,
      reviewsModule({ summary: summary([0, 0, 0, 0, 1]), list: page([review()]), mine: page([mine]) }),
    );
    const text = textOf(html);
    expect(text).toContain('Your review');
    expect(text).toContain('Waiting for approval');
    expect(text).toContain('Edit');
    expect(text).toContain('Delete');
    expect(text).not.toContain('Sign in to write a review');
    expect(html.match(/data-testid="review"/g)).toHaveLength(2); // Bea's, and Ada's own once
  });

  it('offers a signed-in member without a review to write one', async () => {
    const html = await renderWidget(MEMBER_ID, reviewsModule({ summary: summary([0, 0, 0, 0, 0]), list: page([]) }));
    const text = textOf(html);
    expect(text).toContain('Write a review');
    expect(text).not.toContain('Sign in to write a review');
  });
});
