import { describe, expect, it } from 'vitest';
import { RELEVANCE_EPOCH, relevanceScore } from './relevance.js';

const day = 86_400_000;
const at = (days: number) => new Date(RELEVANCE_EPOCH + days * day);
const base = { rating: 3, reviewDate: at(1000) };

describe('relevanceScore', () => {
  it('is the documented sum: one point per 30 days, log2 length, 0.5 per media item, 0.1 per star', () => {
    expect(relevanceScore({ rating: 1, reviewDate: at(0) })).toBe(0.1);
    expect(relevanceScore({ rating: 5, reviewDate: at(300) })).toBe(10.5);
    // 150 characters: log2(1 + 3) = 2.
    expect(relevanceScore({ rating: 1, reviewDate: at(0), body: 'x'.repeat(150) })).toBe(2.1);
    expect(
      relevanceScore({ rating: 2, reviewDate: at(30), media: [{ image: 'https://a/1' }, { video: 'https://a/2' }] }),
    ).toBe(1 + 1 + 0.2);
  });

  it('grows with recency alone, so stored scores never need recomputing', () => {
    let previous = -Infinity;
    for (let d = 0; d < 5000; d += 97) {
      const s = relevanceScore({ ...base, reviewDate: at(d) });
      expect(s).toBeGreaterThan(previous);
      previous = s;
    }
    expect(
      relevanceScore({ ...base, reviewDate: at(60) }) - relevanceScore({ ...base, reviewDate: at(30) }),
    ).toBeCloseTo(1, 6);
  });

  it('rewards longer bodies with diminishing returns, capped at 2000 characters', () => {
    const len = (n: number) => relevanceScore({ ...base, body: 'y'.repeat(n) });
    expect(len(100)).toBeGreaterThan(len(10));
    expect(len(1000)).toBeGreaterThan(len(100));
    expect(len(100) - len(0)).toBeGreaterThan(len(1100) - len(1000));
    expect(len(5000)).toBe(len(2000));
    // Characters, not UTF-16 units: an emoji counts once.
    expect(relevanceScore({ ...base, body: '😀'.repeat(50) })).toBe(len(50));
  });

  it('counts up to five media items, then stops', () => {
    const media = (n: number) =>
      relevanceScore({ ...base, media: Array.from({ length: n }, (_, i) => ({ image: `https://a/${i}` })) });
    expect(media(1) - media(0)).toBeCloseTo(0.5, 6);
    expect(media(5) - media(0)).toBeCloseTo(2.5, 6);
    expect(media(10)).toBe(media(5));
  });

  it('uses the rating as a small tie-breaker, below any real difference in content', () => {
    const r = (rating: number) => relevanceScore({ ...base, rating });
    expect(r(5)).toBeGreaterThan(r(1));
    expect(r(5) - r(1)).toBeCloseTo(0.4, 6);
    expect(relevanceScore({ ...base, rating: 1, media: [{ image: 'https://a/1' }] })).toBeGreaterThan(r(5));
  });

  it('lets a detailed review outrank a bare rating written months later, but not years later', () => {
    const detailed = relevanceScore({
      rating: 4,
      reviewDate: at(1000),
      body: 'z'.repeat(1500),
      media: [{ image: 'https://a/1' }, { image: 'https://a/2' }, { image: 'https://a/3' }],
    });
    expect(detailed).toBeGreaterThan(relevanceScore({ rating: 4, reviewDate: at(1000 + 180) }));
    expect(detailed).toBeLessThan(relevanceScore({ rating: 4, reviewDate: at(1000 + 365) }));
  });
});
