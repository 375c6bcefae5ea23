import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { PlazaProvider } from '@plaza/react';
import type { Review } from '@plaza/contracts';
import { ReviewForm } from './ReviewForm.js';
import { count, noop, refusedFor, spacedText as text } from '../../ui/testing.js';

const refused = {
  ...refusedFor([
    {
      field: 'content.title',
      violatedRule: 'MAX_LENGTH',
      description: 'content.title must be at most 200 characters',
    },
    {
      field: 'content.media[0].image',
      violatedRule: 'FORMAT',
      description: 'content.media[0].image must match pattern "^https?://"',
    },
    { field: 'content.rating', violatedRule: 'MAX', description: 'content.rating must be <= 5' },
  ]),
  requestId: 'req-9',
};

/** The form's photo upload needs the app's client in context (it is not called while rendering). */
const withClient = (ui: ReactElement) => renderToString(<PlazaProvider client={{}}>{ui}</PlazaProvider>);

describe('ReviewForm with a refused save', () => {
  it("puts each server problem next to its field, once, in the form's words", () => {
    const review = { content: { rating: 4, title: 'Fine' } } as Review;
    const html = withClient(
      <ReviewForm review={review} busy={false} error={refused} onSubmit={noop} onCancel={noop} />,
    );
    const words = text(html);
    expect(count(words, 'Title can be at most 200 characters.')).toBe(1);
    expect(count(words, 'Enter a web address starting with https:// (or http://).')).toBe(1);
    expect(count(words, 'Your rating can be at most 5.')).toBe(1);
    expect(html).not.toMatch(/content\.|pattern|\^https|fieldViolations|\{"/);
    // The field problems say it all: no second, general error box repeating them.
    expect(html).not.toContain('role="alert"');
  });

  it('a new review: the star prompt and a missing-rating problem are not said twice', () => {
    const noRating = refusedFor([{ field: 'content.rating', violatedRule: 'REQUIRED_FIELD', description: 'x' }]);
    const html = withClient(<ReviewForm busy={false} error={noRating} onSubmit={noop} onCancel={noop} />);
    expect(count(text(html), 'Choose 1 to 5 stars')).toBe(1);
    expect(text(html)).toContain('0 / 200');
  });
});
