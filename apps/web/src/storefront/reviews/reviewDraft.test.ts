import { describe, expect, it } from 'vitest';
import type { Review } from '@plaza/contracts';
import { contentOf, draftOf, emptyDraft, validateDraft } from './reviewDraft.js';

describe('review form rules', () => {
  it('needs a rating of 1 to 5 stars', () => {
    expect(validateDraft(emptyDraft)).toEqual({ rating: 'Choose 1 to 5 stars.' });
    expect(validateDraft({ ...emptyDraft, rating: 3 })).toEqual({});
  });

  it('bounds title and body as the server does, and takes only http(s) photo links', () => {
    const errors = validateDraft({
      rating: 4,
      title: 'x'.repeat(201),
      body: 'y'.repeat(5001),
      imageUrl: 'javascript:alert(1)',
    });
    expect(Object.keys(errors).sort()).toEqual(['body', 'imageUrl', 'title']);
    expect(validateDraft({ ...emptyDraft, rating: 4, imageUrl: 'ftp://files.example/a.png' }).imageUrl).toBeDefined();
    expect(validateDraft({ ...emptyDraft, rating: 4, imageUrl: 'https://img.example/a.png' })).toEqual({});
  });

  it('sends trimmed content, leaving out what is empty', () => {
    expect(contentOf({ rating: 5, title: '  Nice ', body: '', imageUrl: ' https://img.example/a.png ' })).toEqual({
      rating: 5,
      title: 'Nice',
      media: [{ image: 'https://img.example/a.png' }],
    });
  });

  it('keeps the other media of an edited review when the photo changes', () => {
    const review = {
      content: { rating: 3, media: [{ video: 'https://v.example/1' }, { image: 'https://img.example/old.png' }] },
    } as Review;
    expect(draftOf(review).imageUrl).toBe('https://img.example/old.png');
    expect(contentOf({ ...draftOf(review), imageUrl: 'https://img.example/new.png' }, review).media).toEqual([
      { image: 'https://img.example/new.png' },
      { video: 'https://v.example/1' },
    ]);
    expect(contentOf({ ...draftOf(review), imageUrl: '' }, review).media).toEqual([{ video: 'https://v.example/1' }]);
  });
});
