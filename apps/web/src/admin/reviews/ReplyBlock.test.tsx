import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ReplyEditor } from './ReplyBlock.js';
import { count, noop, spacedText as text } from '../../ui/testing.js';
import { refusedWith, violation } from '../testing.js';

const editor = (reply: string, error: unknown = null) =>
  renderToString(<ReplyEditor text={reply} onText={noop} busy={false} error={error} onSave={noop} onCancel={noop} />);

describe('ReplyEditor', () => {
  it("counts to the server's reply limit instead of cutting the text at it", () => {
    const html = editor('Thank you!');
    expect(text(html)).toContain('10 / 3,000');
    expect(html).not.toContain('maxlength');
  });

  it('says a reply over the limit is too long, once, next to the field', () => {
    const words = text(editor('x'.repeat(3001)));
    expect(count(words, 'Your public reply can be at most 3,000 characters (now 3,001).')).toBe(1);
  });

  it("puts the server's violation under the reply in words, once, with no field path", () => {
    const refused = refusedWith('message must be at most 3000 characters', [
      violation('message', 'MAX_LENGTH', 'message must be at most 3000 characters'),
    ]);
    const html = editor('A reply', refused);
    expect(count(text(html), 'Your public reply can be at most 3,000 characters.')).toBe(1);
    expect(html).not.toMatch(/must be at most|fieldViolations|\{"/);
  });
});
