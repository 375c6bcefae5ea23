import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ReportForm } from './ReportMemberDialog.js';
import { count, noop, refusedFor, spacedText as text } from '../../ui/testing.js';

const form = (details: string, error: unknown = null) =>
  renderToString(
    <ReportForm
      reason="SPAM"
      onReason={noop}
      text={details}
      onText={noop}
      busy={false}
      error={error}
      onSubmit={noop}
      onCancel={noop}
    />,
  );

describe('ReportForm', () => {
  it("counts the details to the server's limit instead of cutting them", () => {
    const html = form('Sends links');
    expect(text(html)).toContain('11 / 1,000');
    expect(html).not.toContain('maxlength');
  });

  it('says details over the limit are too long, once', () => {
    expect(count(text(form('x'.repeat(1001))), 'Details can be at most 1,000 characters (now 1,001).')).toBe(1);
  });

  it("puts the server's violation under the details in words, once, with no field path", () => {
    const refused = refusedFor([
      { field: 'text', violatedRule: 'MAX_LENGTH', description: 'text must be at most 1000 characters' },
    ]);
    const html = form('Sends links', refused);
    expect(count(text(html), 'Details can be at most 1,000 characters.')).toBe(1);
    expect(html).not.toMatch(/must be at most|fieldViolations|\{"/);
  });
});
