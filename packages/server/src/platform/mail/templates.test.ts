import { describe, expect, it } from 'vitest';
import { render } from './templates.js';

// "If you did not ask for this e-mail…" belongs to sign-in e-mails (someone may have typed the reader's address);
// an order's e-mails come from the reader's own purchase and must not say it.
const IGNORE = /did not ask for this e-mail/;

describe('mail templates: the "ignore it" line', () => {
  it('is in the sign-in e-mails', () => {
    expect(render('VERIFICATION_CODE', { siteName: 'Shop', code: '123456', minutes: 10 }).html).toMatch(IGNORE);
    expect(render('PASSWORD_RECOVERY', { siteName: 'Shop', link: 'https://s/r', minutes: 30 }).html).toMatch(IGNORE);
    expect(render('ACTIVATION', { siteName: 'Shop', code: '1', link: 'https://s/a', minutes: 30 }).html).toMatch(
      IGNORE,
    );
  });

  it('is not in order, shipping or back-in-stock e-mails', () => {
    const order = { siteName: 'Shop', number: '10001', link: 'https://s/o', items: [{ name: 'Mug', quantity: 1 }] };
    for (const mail of [
      render('ORDER_SHIPPED', { ...order, trackingNumber: '1Z', carrier: 'UPS' }),
      render('ORDER_PLACED', { ...order, total: '$10.00', paid: true }),
      render('ORDER_READY_FOR_PICKUP', { ...order, place: 'The shop' }),
      render('BACK_IN_STOCK', { siteName: 'Shop', itemName: 'Mug', link: 'https://s/p' }),
    ]) {
      expect(mail.html).not.toMatch(IGNORE);
      expect(mail.text).not.toMatch(IGNORE);
    }
  });
});

describe('mail templates: order lines and delivery', () => {
  const hoodie = {
    name: 'Lavender Hoodie',
    quantity: 2,
    options: 'Size: M, Color: Lavender',
    sku: 'HOOD-LAV-M',
    imageUrl: 'https://shop.example/demo/hoodie.svg',
  };
  const shipping = { delivery: 'Standard post', shipTo: ['Ada Lovelace', 'Laugavegur 1', '101 Reykjavík', 'Iceland'] };
  const order = { siteName: 'Shop', number: '10001', link: 'https://s/o' };

  it('print each line with its options, SKU and picture, and where and how the order goes', () => {
    const placed = render('ORDER_PLACED', { ...order, items: [hoodie], total: '$116.00', paid: true, ...shipping });
    expect(placed.text).toContain('- 2 × Lavender Hoodie\n  Size: M, Color: Lavender · SKU HOOD-LAV-M\n');
    expect(placed.text).toContain(
      'Delivery: Standard post\nShip to:\nAda Lovelace\nLaugavegur 1\n101 Reykjavík\nIceland\n',
    );
    expect(placed.html).toContain('<b>2 × Lavender Hoodie</b>');
    expect(placed.html).toContain('Size: M, Color: Lavender · SKU HOOD-LAV-M');
    expect(placed.html).toContain('<img src="https://shop.example/demo/hoodie.svg"');
    expect(placed.html).toContain('Delivery: <b>Standard post</b>');
    expect(placed.html).toContain('Ada Lovelace<br>Laugavegur 1<br>101 Reykjavík<br>Iceland');

    const shipped = render('ORDER_SHIPPED', { ...order, items: [{ ...hoodie, quantity: 1 }], ...shipping });
    expect(shipped.text).toContain('- Lavender Hoodie\n  Size: M, Color: Lavender · SKU HOOD-LAV-M\n');
    expect(shipped.text).toContain('Delivery: Standard post');
    expect(shipped.text).toContain('Laugavegur 1');

    const pickup = render('ORDER_READY_FOR_PICKUP', { ...order, items: [hoodie], place: 'Corner shop' });
    expect(pickup.text).toContain('Size: M, Color: Lavender · SKU HOOD-LAV-M');
  });

  it('escape what the shop typed, and still take plain item strings for the order confirmation', () => {
    const odd = { name: '<b>Mug</b>', quantity: 1, options: 'Glaze: "Blue" & <i>', sku: 'A&B' };
    const placed = render('ORDER_PLACED', { ...order, items: [odd], total: '$1.00', paid: false, delivery: '<Post>' });
    expect(placed.html).not.toContain('<b>Mug</b>');
    expect(placed.html).toContain('&lt;b&gt;Mug&lt;/b&gt;');
    expect(placed.html).toContain('Glaze: &quot;Blue&quot; &amp; &lt;i&gt; · SKU A&amp;B');
    expect(placed.html).toContain('&lt;Post&gt;');

    const plain = render('ORDER_PLACED', {
      ...order,
      items: [
        { name: 'Mug', quantity: 2 },
        { name: 'Tote', quantity: 1 },
      ],
      total: '$1.00',
      paid: false,
    });
    expect(plain.text).toContain('- 2 × Mug\n- Tote\n');
    expect(plain.text).not.toContain('Delivery');
    expect(plain.html).toContain('<b>2 × Mug</b>');
  });
});
