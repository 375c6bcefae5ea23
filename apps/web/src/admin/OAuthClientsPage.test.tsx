import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import type { OAuthClient } from '@plaza/contracts';
import { clientRules, NewClientForm, OriginsForm } from './OAuthClientsPage.js';
import { validateField } from '../ui/formRules.js';
import { count, noop, spacedText as text } from '../ui/testing.js';
import { refusedWith, violation } from './testing.js';

const shop: OAuthClient = {
  id: 'shop-app',
  name: 'Shop',
  redirectUris: ['https://shop.example.com/auth/callback'],
  allowedOrigins: ['https://shop.example.com'],
  createdDate: '2025-03-01T10:00:00.000Z',
};

describe('NewClientForm', () => {
  it("counts the name to the server's limit instead of cutting it", () => {
    const html = renderToString(<NewClientForm busy={false} error={null} onCreate={noop} />);
    expect(text(html)).toContain('0 / 100');
    expect(html).not.toContain('maxlength');
  });

  it("puts the server's violations next to their fields in words, once, with no field path or pattern", () => {
    const refused = refusedWith('name must be at most 100 characters', [
      violation('name', 'MAX_LENGTH', 'name must be at most 100 characters'),
      violation('redirectUris[1]', 'FORMAT', 'redirectUris[1] must match pattern "^https?://"'),
    ]);
    const html = renderToString(<NewClientForm busy={false} error={refused} onCreate={noop} />);
    const words = text(html);
    expect(count(words, 'Name can be at most 100 characters.')).toBe(1);
    expect(count(words, 'Enter up to 20 addresses starting with https:// (or http://), one per line.')).toBe(1);
    expect(html).not.toMatch(/redirectUris|pattern|\^https|fieldViolations|\{"/);
    expect(html).not.toContain('role="alert"');
  });

  it("checks every line with the server's pattern and limits", () => {
    const ok = 'https://shop.example.com/a\nhttp://localhost:3000/b';
    expect(validateField(clientRules.redirectUris, ok)).toBeUndefined();
    expect(validateField(clientRules.redirectUris, 'shop.example.com/a')).toMatch(/starting with https:\/\//);
    expect(validateField(clientRules.allowedOrigins, 'https://shop.example.com')).toBeUndefined();
    expect(validateField(clientRules.allowedOrigins, 'https://shop.example.com/path')).toMatch(/without a path/);
    expect(validateField(clientRules.allowedOrigins, `https://${'a'.repeat(2048)}.example`)).toMatch(/without a path/);
    const many = Array.from({ length: 21 }, (_, i) => `https://s${i}.example`).join('\n');
    expect(validateField(clientRules.allowedOrigins, many)).toMatch(/up to 20/);
  });
});

describe('OriginsForm', () => {
  it("puts the server's violation under the origins in words, once", () => {
    const refused = refusedWith('x', [
      violation('allowedOrigins[0]', 'FORMAT', 'allowedOrigins[0] must match pattern "^https?://[^/?#]+$"'),
    ]);
    const html = renderToString(
      <OriginsForm value={shop} busy={false} error={refused} onSave={noop} onCancel={noop} />,
    );
    expect(count(text(html), 'such as https://shop.example.com, one per line.')).toBe(1);
    expect(html).not.toMatch(/allowedOrigins|pattern|fieldViolations|\{"/);
  });
});
