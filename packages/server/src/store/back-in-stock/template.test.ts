import { describe, expect, it } from 'vitest';
import { render } from '../../platform/mail/templates.js';

describe('the BACK_IN_STOCK mail', () => {
  it('names the item, price, extra lines and link, escaping every value in the HTML', () => {
    const r = render('BACK_IN_STOCK', {
      siteName: 'Shop <b>',
      itemName: 'Mug "<script>"',
      price: '$12.00',
      imageUrl: 'https://images.example.com/a.jpg?x=1&y="2"',
      link: 'https://shop.example/products/mug',
      extra: [['Code', '<WELCOME>']],
    });
    expect(r.subject).toBe('Mug "<script>" is back in stock');
    expect(r.text).toBe(
      'Good news: Mug "<script>" ($12.00) is back in stock at Shop <b>.\n\nCode: <WELCOME>\n' +
        'Get it here: https://shop.example/products/mug\n',
    );
    expect(r.html).toContain('Mug &quot;&lt;script&gt;&quot;');
    expect(r.html).toContain('Code: &lt;WELCOME&gt;');
    expect(r.html).toContain('src="https://images.example.com/a.jpg?x=1&amp;y=&quot;2&quot;"');
    expect(r.html).not.toContain('<script>');
  });

  it('leaves out what it was not given', () => {
    const r = render('BACK_IN_STOCK', { siteName: 'S', itemName: 'Mug', link: 'https://s.example/' });
    expect(r.text).toBe('Good news: Mug is back in stock at S.\n\nGet it here: https://s.example/\n');
    expect(r.html).not.toContain('<img');
  });
});
