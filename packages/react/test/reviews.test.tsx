import { describe, expect, it, vi } from 'vitest';
import { renderToString } from 'react-dom/server';
import { InfiniteQueryObserver } from '@tanstack/react-query';
import type { QueryReviewsRequest, QueryReviewsResponse, RatingSummary, Review } from '@plaza/contracts';
import {
  createPlazaQueryClient,
  nextPageRequest,
  PlazaProvider,
  reviewQueries,
  useRatingSummary,
  useReviewCount,
  useReviews,
  type ReviewsClient,
} from '../src/index.js';

const summary: RatingSummary = {
  namespace: 'stores',
  entityId: 'p1',
  averageRating: 4.5,
  totalReviews: 2,
  ratingDistribution: { oneStar: 0, twoStars: 0, threeStars: 0, fourStars: 1, fiveStars: 1 },
};
const review = (n: number): Review => ({
  id: `0190a1b2-0000-7000-8000-00000000000${n}`,
  namespace: 'stores',
  entityId: 'p1',
  createdDate: '2025-01-01T00:00:00.000Z',
  updatedDate: '2025-01-01T00:00:00.000Z',
  reviewDate: '2025-01-01T00:00:00.000Z',
  content: { rating: 5, body: `review ${n}` },
  author: { authorType: 'MEMBER', name: 'Ann' },
  origin: { type: 'ORGANIC' },
  source: { type: 'WEBSITE' },
  relevanceScore: 1,
  moderation: { moderationStatus: 'APPROVED' },
});
const page = (reviews: Review[], next?: string): QueryReviewsResponse => ({
  reviews,
  pagingMetadata: { count: reviews.length, cursors: next ? { next } : {}, hasNext: !!next },
});

// A stand-in for an SDK client built with modules: { reviews }: two pages of reviews, cursor "c2" between them.
function fakeClient() {
  const reviews = {
    getRatingSummary: vi.fn(async () => ({ summary })),
    queryReviews: vi.fn(async (r: QueryReviewsRequest) =>
      r.query?.cursorPaging?.cursor === 'c2' ? page([review(3)]) : page([review(1), review(2)], 'c2'),
    ),
    countReviews: vi.fn(async () => ({ count: 7 })),
    listReviewRequests: vi.fn(async () => ({ reviewRequests: [], metadata: { count: 0, offset: 0, total: 0 } })),
  };
  return { reviews } satisfies ReviewsClient;
}

const firstPage: QueryReviewsRequest = {
  query: {
    filter: { namespace: 'stores', entityId: 'p1' },
    sort: [{ fieldName: 'relevanceScore', order: 'DESC' }],
    cursorPaging: { limit: 2 },
  },
  returnPrivateReviews: true,
};

describe('reviewQueries', () => {
  it('keys everything under plaza/reviews', () => {
    const c = fakeClient();
    expect(reviewQueries.all()).toEqual(['plaza', 'reviews']);
    expect(reviewQueries.summary(c, 'stores', 'p1').queryKey).toEqual(['plaza', 'reviews', 'summary', 'stores', 'p1']);
    expect(reviewQueries.query(c, firstPage).queryKey).toEqual(['plaza', 'reviews', 'query', firstPage]);
    expect(reviewQueries.infinite(c, firstPage).queryKey).toEqual(['plaza', 'reviews', 'infinite', firstPage]);
    expect(reviewQueries.count(c, {}).queryKey).toEqual(['plaza', 'reviews', 'count', {}]);
    expect(reviewQueries.requests(c).queryKey).toEqual(['plaza', 'reviews', 'requests', {}]);
  });

  it('unwraps the summary and the count', async () => {
    const c = fakeClient();
    const qc = createPlazaQueryClient();
    await expect(qc.fetchQuery(reviewQueries.summary(c, 'stores', 'p1'))).resolves.toEqual(summary);
    expect(c.reviews.getRatingSummary).toHaveBeenCalledWith('stores', 'p1');
    await expect(qc.fetchQuery(reviewQueries.count(c, { includePrivateReviews: true }))).resolves.toBe(7);
    expect(c.reviews.countReviews).toHaveBeenCalledWith({ includePrivateReviews: true });
  });

  it('pages on with the next cursor only (the cursor carries filter and sort), then stops', async () => {
    const c = fakeClient();
    const qc = createPlazaQueryClient();
    const observer = new InfiniteQueryObserver(qc, reviewQueries.infinite(c, firstPage));
    const stop = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data?.pages).toHaveLength(1));
    expect(observer.getCurrentResult().hasNextPage).toBe(true);
    await observer.fetchNextPage();
    const result = observer.getCurrentResult();
    expect(result.data?.pages.flatMap((p) => p.reviews.map((r) => r.content.body))).toEqual([
      'review 1',
      'review 2',
      'review 3',
    ]);
    expect(result.hasNextPage).toBe(false);
    expect(c.reviews.queryReviews.mock.calls.map(([r]) => r)).toEqual([
      firstPage,
      { query: { cursorPaging: { limit: 2, cursor: 'c2' } }, returnPrivateReviews: true },
    ]);
    stop();
  });

  it('nextPageRequest keeps only the page size and returnPrivateReviews', () => {
    expect(nextPageRequest({ query: { filter: { entityId: 'x' } } }, 'c')).toEqual({
      query: { cursorPaging: { cursor: 'c' } },
    });
  });

  it('names the missing module instead of a TypeError', async () => {
    const qc = createPlazaQueryClient();
    await expect(
      qc.fetchQuery({ ...reviewQueries.summary({} as ReviewsClient, 'stores', 'p1'), retry: false }),
    ).rejects.toThrow(/no reviews module/);
  });
});

describe('review hooks', () => {
  it('render the cached summary, pages and count', async () => {
    const c = fakeClient();
    const qc = createPlazaQueryClient();
    await qc.prefetchQuery(reviewQueries.summary(c, 'stores', 'p1'));
    await qc.prefetchInfiniteQuery(reviewQueries.infinite(c, firstPage));
    await qc.prefetchQuery(reviewQueries.count(c, { filter: { entityId: 'p1' } }));
    function Widget() {
      const s = useRatingSummary('stores', 'p1');
      const list = useReviews(firstPage);
      const count = useReviewCount({ filter: { entityId: 'p1' } });
      const bodies = list.data?.pages.flatMap((p) => p.reviews.map((r) => r.content.body)).join(',');
      return <p>{`${s.data?.averageRating} ${bodies} ${String(list.hasNextPage)} ${count.data}`}</p>;
    }
    const html = renderToString(
      <PlazaProvider client={c} queryClient={qc}>
        <Widget />
      </PlazaProvider>,
    );
    expect(html).toBe('<p>4.5 review 1,review 2 true 7</p>');
  });
});
