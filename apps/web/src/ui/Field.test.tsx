import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { TextAreaField, TextField } from './Field.js';
import { count, spacedText as text } from './testing.js';

describe('a field with a length limit', () => {
  it('shows a counter and lets the value through uncut', () => {
    const html = renderToString(<TextField label="Nickname" maxLength={100} value="Ada" onChange={() => undefined} />);
    expect(text(html)).toContain('3 / 100 characters');
    expect(html).not.toContain('maxLength');
    expect(html).not.toContain('maxlength');
    expect(html).not.toContain('aria-invalid');
  });

  it('over the limit: the counter turns red and the problem is said once, in words', () => {
    const long = 'x'.repeat(10_000);
    const html = renderToString(
      <TextAreaField label="Your review (optional)" maxLength={5000} value={long} onChange={() => undefined} />,
    );
    expect(text(html)).toContain('10,000 / 5,000');
    expect(count(text(html), 'Your review can be at most 5,000 characters (now 10,000).')).toBe(1);
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain(`>${long}</textarea>`);
  });

  it("shows the form's own error instead of its own, never both", () => {
    const html = renderToString(
      <TextField
        label="Nickname"
        maxLength={3}
        counter
        value="Adaline"
        onChange={() => undefined}
        error="Nickname can be at most 3 characters."
      />,
    );
    expect(count(text(html), 'can be at most')).toBe(1);
    expect(html).toMatch(/aria-describedby="[^"]*-error [^"]*-counter"/);
  });
});

describe('a short format limit', () => {
  it('is left to the browser, without a counter (a 6-digit code, a 2-letter country)', () => {
    const html = renderToString(<TextField label="Code" maxLength={6} value="123" onChange={() => undefined} />);
    expect(html).toContain('maxLength="6"');
    expect(html).not.toContain('/ 6');
    const search = renderToString(
      <TextField label="Search" maxLength={100} counter={false} value="" onChange={() => undefined} />,
    );
    expect(search).toContain('maxLength="100"');
    expect(search).not.toContain('/ 100');
  });
});
