import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { initials } from './Avatar.js';
import { Pagination } from './Pagination.js';
import { StarInput } from './StarInput.js';
import { StarRating, ratingLabel } from './StarRating.js';

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");

describe('StarRating', () => {
  it('reads as one labelled image, filled to the value', () => {
    const html = renderToString(<StarRating value={4.25} />);
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="4.3 out of 5 stars"');
    expect(html).toContain('width:85%');
    expect(ratingLabel(4)).toBe('4 out of 5 stars');
    expect(renderToString(<StarRating value={9} />)).toContain('aria-label="5 out of 5 stars"');
  });

  it('picks a rating with five labelled radio buttons in a fieldset', () => {
    const html = renderToString(<StarInput value={3} onChange={() => undefined} error="Choose 1 to 5 stars." />);
    expect(html.match(/type="radio"/g)).toHaveLength(5);
    expect(html).toMatch(/<legend[^>]*>Rating<\/legend>/);
    expect(text(html)).toContain('3 stars, Good');
    expect(html).toMatch(/<input type="radio"[^>]*checked=""[^>]*value="3"/);
    expect(text(html)).toContain('Choose 1 to 5 stars.');
  });
});

describe('Pagination', () => {
  const props = { pageSize: 20, onOffsetChange: () => undefined, noun: 'members' };

  it('hides itself when everything fits on one page', () => {
    expect(renderToString(<Pagination offset={0} count={12} total={12} {...props} />)).toBe('');
  });

  it('says the range and disables the ends', () => {
    const first = renderToString(<Pagination offset={0} count={20} total={45} {...props} />);
    expect(text(first)).toContain('1–20 of 45 members');
    expect(first).toMatch(/<button[^>]*disabled=""[^>]*>Previous<\/button>/);
    expect(first).not.toMatch(/<button[^>]*disabled=""[^>]*>Next<\/button>/);
    const last = renderToString(<Pagination offset={40} count={5} total={45} {...props} />);
    expect(text(last)).toContain('41–45 of 45 members');
    expect(last).toMatch(/<button[^>]*disabled=""[^>]*>Next<\/button>/);
  });
});

describe('Avatar initials', () => {
  it('takes the first and last word', () => {
    expect(initials('Ada Byron Lovelace')).toBe('AL');
    expect(initials('  eli ')).toBe('E');
    expect(initials('')).toBe('?');
  });
});
