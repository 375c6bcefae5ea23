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
    const order = { siteName: 'Shop', number: '10001', link: 'https://s/o', items: ['Mug × 1'] };
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
