import type { MailTemplate } from '@plaza/contracts';

/** What each template needs. Every value is escaped in the HTML part. */
export interface TemplateData {
  VERIFICATION_CODE: { siteName: string; code: string; minutes: number };
  PASSWORD_RECOVERY: { siteName: string; link: string; minutes: number };
  ACTIVATION: { siteName: string; code: string; link: string; minutes: number };
  REVIEW_REQUEST: { siteName: string; link: string; itemName: string };
  WEBHOOK_PAUSED: { siteName: string; link: string; url: string; failures: number };
  BACK_IN_STOCK: {
    siteName: string;
    itemName: string;
    link: string;
    price?: string;
    imageUrl?: string;
    /** The report's extraAutomationTemplateParameters, shown as "name: value" lines. */
    extra?: Array<[string, string]>;
  };
  ABANDONED_CHECKOUT: { siteName: string; link: string; items: string[]; total: string };
  /** `items`: the lines as `orders/mail-lines.ts` makes them. */
  ORDER_PLACED: {
    siteName: string;
    number: string;
    link: string;
    items: MailLine[];
    total: string;
    paid: boolean;
  } & MailShipping;
  ORDER_SHIPPED: {
    siteName: string;
    number: string;
    link: string;
    items: MailLine[];
    trackingNumber?: string;
    carrier?: string;
    trackingLink?: string;
  } & MailShipping;
  /** `pickupAt`: the place's address lines and opening hours. */
  ORDER_READY_FOR_PICKUP: {
    siteName: string;
    number: string;
    link: string;
    items: MailLine[];
    place: string;
    pickupAt?: string[];
  };
  PAYMENT_REQUEST: { siteName: string; number: string; link: string; amount: string; title: string; until: string };
  /** `due`: what is still owed and by when, in words ("$40.00 by 24 December 2026"); absent once paid. */
  ORDER_INVOICE: { siteName: string; invoice: string; number: string; link: string; total: string; due?: string };
  /** `until`: when the links stop working, in words; the order page makes new ones. */
  DOWNLOAD_LINKS: {
    siteName: string;
    number: string;
    link: string;
    files: Array<{ name: string; url: string }>;
    until: string;
  };
  /** `amount`: this refund, formatted; `reason`: the owner's words, when given. */
  ORDER_REFUNDED: { siteName: string; number: string; link: string; amount: string; reason?: string };
  /** A renewal the buyer's bank wants them to confirm: `link` opens their subscriptions to confirm a card. */
  SUBSCRIPTION_PAYMENT_CONFIRMATION: { siteName: string; product: string; amount: string; link: string };
}

/** A line of an order e-mail: what the buyer reads of an item, and what a packer would find it by. */
export interface MailLine {
  name: string;
  quantity: number;
  /** The chosen options in words: "Size: M, Color: Lavender". */
  options?: string;
  sku?: string;
  /** An absolute address. */
  imageUrl?: string;
}

/** How an order travels: the delivery method's name ("Standard post", "Pickup at Corner shop") and the ship-to lines. */
export interface MailShipping {
  delivery?: string;
  shipTo?: string[];
  /** A pickup's place: its address lines, then its opening hours. */
  pickupAt?: string[];
  /** The chosen delivery window in words ("Nov 28, 2026, 9:00 AM – 12:00 PM"). */
  slot?: string;
}

export interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

const UNASKED = 'If you did not ask for this e-mail, you can ignore it.';

/**
 * One simple, inline-styled layout; mail clients ignore style sheets. `signIn`: a code or link someone may have
 * asked for with the reader's address, the only kind of e-mail that says it can be ignored.
 */
function layout(siteName: string, body: string, signIn = false): string {
  return [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#1f2937;line-height:1.5">',
    `<p style="font-weight:600">${escapeHtml(siteName)}</p>`,
    body,
    ...(signIn ? [`<p style="color:#6b7280;font-size:12px">${UNASKED}</p>`] : []),
    '</body></html>',
  ].join('\n');
}

const button = (link: string, label: string) =>
  `<p><a href="${escapeHtml(link)}" style="background:#111827;color:#fff;padding:10px 16px;border-radius:6px;` +
  `text-decoration:none">${escapeHtml(label)}</a></p><p style="font-size:12px">Or open: ${escapeHtml(link)}</p>`;

const codeBlock = (code: string) =>
  `<p style="font-size:28px;font-weight:700;letter-spacing:6px">${escapeHtml(code)}</p>`;

const lineTitle = (l: MailLine) => (l.quantity > 1 ? `${l.quantity} × ${l.name}` : l.name);
const lineDetail = (l: MailLine) => [l.options, l.sku && `SKU ${l.sku}`].filter(Boolean).join(' · ');

/** Each line as "- 2 × Lavender Hoodie", its options and SKU indented below. */
const itemsText = (items: MailLine[]) =>
  items.map((l) => `- ${lineTitle(l)}\n${lineDetail(l) ? `  ${lineDetail(l)}\n` : ''}`).join('');

/** Each line with its picture, name and quantity, options and SKU (a table: mail clients lay out nothing else). */
const itemsHtml = (items: MailLine[]) =>
  '<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:12px 0">' +
  items
    .map(
      (l) =>
        '<tr>' +
        (l.imageUrl
          ? `<td style="padding:6px 12px 6px 0;vertical-align:top"><img src="${escapeHtml(l.imageUrl)}" alt="" ` +
            'width="48" height="48" style="display:block;border-radius:6px;object-fit:cover"></td>'
          : '<td></td>') +
        `<td style="padding:6px 0;vertical-align:top"><b>${escapeHtml(lineTitle(l))}</b>` +
        (lineDetail(l) ? `<br><span style="color:#6b7280;font-size:13px">${escapeHtml(lineDetail(l))}</span>` : '') +
        '</td></tr>',
    )
    .join('') +
  '</table>';

const shippingText = (d: MailShipping) =>
  (d.delivery ? `Delivery: ${d.delivery}\n` : '') +
  (d.slot ? `Delivery time: ${d.slot}\n` : '') +
  (d.pickupAt?.length ? `Pick up at:\n${d.pickupAt.join('\n')}\n` : '') +
  (d.shipTo?.length ? `Ship to:\n${d.shipTo.join('\n')}\n` : '');

const shippingHtml = (d: MailShipping) =>
  (d.delivery ? `<p>Delivery: <b>${escapeHtml(d.delivery)}</b></p>` : '') +
  (d.slot ? `<p>Delivery time: <b>${escapeHtml(d.slot)}</b></p>` : '') +
  (d.pickupAt?.length ? `<p>Pick up at:<br>${d.pickupAt.map(escapeHtml).join('<br>')}</p>` : '') +
  (d.shipTo?.length ? `<p>Ship to:<br>${d.shipTo.map(escapeHtml).join('<br>')}</p>` : '');

const RENDERERS: { [T in MailTemplate]: (d: TemplateData[T]) => Rendered } = {
  VERIFICATION_CODE: (d) => ({
    subject: `${d.code} is your ${d.siteName} verification code`,
    text: `Your verification code is ${d.code}.\n\nIt works once, for ${d.minutes} minutes.\n`,
    html: layout(
      d.siteName,
      `<p>Your verification code is:</p>${codeBlock(d.code)}<p>It works once, for ${d.minutes} minutes.</p>`,
      true,
    ),
  }),
  PASSWORD_RECOVERY: (d) => ({
    subject: `Reset your ${d.siteName} password`,
    text: `Someone asked to reset the password of your ${d.siteName} account.\n\nChoose a new password here: ${d.link}\n\nThe link works once, for ${d.minutes} minutes.\n`,
    html: layout(
      d.siteName,
      `<p>Someone asked to reset the password of your account.</p>${button(d.link, 'Choose a new password')}` +
        `<p>The link works once, for ${d.minutes} minutes.</p>`,
      true,
    ),
  }),
  ACTIVATION: (d) => ({
    subject: `Activate your ${d.siteName} account`,
    text: `Confirm your e-mail address to activate your ${d.siteName} account: ${d.link}\n\nOr enter this code: ${d.code}\n\nBoth work once, for ${d.minutes} minutes.\n`,
    html: layout(
      d.siteName,
      `<p>Confirm your e-mail address to activate your account.</p>${button(d.link, 'Activate my account')}` +
        `<p>Or enter this code:</p>${codeBlock(d.code)}<p>Both work once, for ${d.minutes} minutes.</p>`,
      true,
    ),
  }),
  REVIEW_REQUEST: (d) => ({
    subject: `How was ${d.itemName}?`,
    text: `Thank you for your purchase at ${d.siteName}. Tell others what you think of ${d.itemName}: ${d.link}\n`,
    html: layout(
      d.siteName,
      `<p>Thank you for your purchase. Tell others what you think of ${escapeHtml(d.itemName)}.</p>${button(d.link, 'Write a review')}`,
    ),
  }),
  WEBHOOK_PAUSED: (d) => ({
    subject: `A webhook of ${d.siteName} was paused`,
    text: `The webhook to ${d.url} failed ${d.failures} times in a row, so it was paused. Its events are kept and go out once you resume it: ${d.link}\n`,
    html: layout(
      d.siteName,
      `<p>The webhook to <b>${escapeHtml(d.url)}</b> failed ${d.failures} times in a row, so it was paused.</p>` +
        `<p>Its events are kept and go out once you resume it.</p>${button(d.link, 'Open webhooks')}`,
    ),
  }),
  BACK_IN_STOCK: (d) => {
    const extra = d.extra ?? [];
    return {
      subject: `${d.itemName} is back in stock`,
      text:
        `Good news: ${d.itemName}${d.price ? ` (${d.price})` : ''} is back in stock at ${d.siteName}.\n\n` +
        extra.map(([k, v]) => `${k}: ${v}\n`).join('') +
        `Get it here: ${d.link}\n`,
      html: layout(
        d.siteName,
        (d.imageUrl ? `<p><img src="${escapeHtml(d.imageUrl)}" alt="" width="240" style="max-width:100%"></p>` : '') +
          `<p>Good news: <b>${escapeHtml(d.itemName)}</b>${d.price ? ` (${escapeHtml(d.price)})` : ''} is back in stock.</p>` +
          extra.map(([k, v]) => `<p>${escapeHtml(k)}: ${escapeHtml(v)}</p>`).join('') +
          button(d.link, 'Shop now'),
      ),
    };
  },
  ABANDONED_CHECKOUT: (d) => ({
    subject: `You left something in your basket at ${d.siteName}`,
    text:
      `Your basket at ${d.siteName} is still waiting for you:\n\n` +
      d.items.map((i) => `- ${i}\n`).join('') +
      `\nTotal: ${d.total}\n\nPick up where you left off: ${d.link}\n`,
    html: layout(
      d.siteName,
      '<p>Your basket is still waiting for you:</p>' +
        `<ul>${d.items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` +
        `<p>Total: <b>${escapeHtml(d.total)}</b></p>${button(d.link, 'Complete your order')}`,
    ),
  }),
  ORDER_PLACED: (d) => ({
    subject: `Your order ${d.number} at ${d.siteName}`,
    text:
      `Thank you for your order ${d.number}.\n\n` +
      itemsText(d.items) +
      `\nTotal: ${d.total}${d.paid ? ' (paid)' : ''}\n` +
      (d.delivery || d.shipTo?.length ? `\n${shippingText(d)}` : '') +
      `\nSee your order: ${d.link}\n`,
    html: layout(
      d.siteName,
      `<p>Thank you for your order <b>${escapeHtml(d.number)}</b>.</p>` +
        itemsHtml(d.items) +
        `<p>Total: <b>${escapeHtml(d.total)}</b>${d.paid ? ' (paid)' : ''}</p>` +
        shippingHtml(d) +
        button(d.link, 'See your order'),
    ),
  }),
  ORDER_SHIPPED: (d) => {
    const tracking = d.trackingNumber ? `${d.carrier ? `${d.carrier} ` : ''}tracking number ${d.trackingNumber}` : '';
    return {
      subject: `Your order ${d.number} is on its way`,
      text:
        `Good news: items of your order ${d.number} are on their way.\n\n` +
        itemsText(d.items) +
        (d.delivery || d.shipTo?.length ? `\n${shippingText(d)}` : '') +
        (tracking ? `\n${tracking[0]!.toUpperCase()}${tracking.slice(1)}.\n` : '') +
        (d.trackingLink ? `Track it: ${d.trackingLink}\n` : '') +
        `\nYour order: ${d.link}\n`,
      html: layout(
        d.siteName,
        `<p>Good news: items of your order <b>${escapeHtml(d.number)}</b> are on their way.</p>` +
          itemsHtml(d.items) +
          shippingHtml(d) +
          (tracking ? `<p>${escapeHtml(tracking)}</p>` : '') +
          (d.trackingLink ? button(d.trackingLink, 'Track your parcel') : button(d.link, 'See your order')),
      ),
    };
  },
  ORDER_READY_FOR_PICKUP: (d) => ({
    subject: `Your order ${d.number} is ready for pickup`,
    text:
      `Your order ${d.number} is ready: collect it at ${d.place}.\n` +
      (d.pickupAt?.length ? `${d.pickupAt.join('\n')}\n` : '') +
      `\n${itemsText(d.items)}` +
      `\nBring your order number. Your order: ${d.link}\n`,
    html: layout(
      d.siteName,
      `<p>Your order <b>${escapeHtml(d.number)}</b> is ready: collect it at <b>${escapeHtml(d.place)}</b>.</p>` +
        (d.pickupAt?.length ? `<p>${d.pickupAt.map(escapeHtml).join('<br>')}</p>` : '') +
        itemsHtml(d.items) +
        `<p>Bring your order number.</p>${button(d.link, 'See your order')}`,
    ),
  }),
  PAYMENT_REQUEST: (d) => ({
    subject: `${d.title}: ${d.amount} to pay`,
    text:
      `${d.siteName} asks you to pay ${d.amount} for your order ${d.number} (${d.title}).\n\n` +
      `Pay securely here by ${d.until}: ${d.link}\n`,
    html: layout(
      d.siteName,
      `<p>${escapeHtml(d.siteName)} asks you to pay <b>${escapeHtml(d.amount)}</b> for your order ` +
        `<b>${escapeHtml(d.number)}</b> (${escapeHtml(d.title)}).</p><p>The link works until ${escapeHtml(d.until)}.</p>` +
        button(d.link, `Pay ${d.amount}`),
    ),
  }),
  ORDER_INVOICE: (d) => {
    const owed = d.due ? `Amount due: ${d.due}.` : 'It is paid: thank you.';
    return {
      subject: `Invoice ${d.invoice} for your order ${d.number} at ${d.siteName}`,
      text:
        `Here is invoice ${d.invoice} for your order ${d.number} at ${d.siteName}.\n\n` +
        `Total: ${d.total}. ${owed}\n\nDownload the invoice (PDF): ${d.link}\n`,
      html: layout(
        d.siteName,
        `<p>Here is invoice <b>${escapeHtml(d.invoice)}</b> for your order <b>${escapeHtml(d.number)}</b>.</p>` +
          `<p>Total: <b>${escapeHtml(d.total)}</b>. ${escapeHtml(owed)}</p>${button(d.link, 'Download the invoice (PDF)')}`,
      ),
    };
  },
  /** Sent once a digital order is paid. */
  DOWNLOAD_LINKS: (d) => ({
    subject: `Your downloads from ${d.siteName} (order ${d.number})`,
    text:
      `Thank you for your order ${d.number}. Your files are ready:\n\n` +
      d.files.map((f) => `- ${f.name}: ${f.url}\n`).join('') +
      `\nThe links work until ${d.until}. After that, get new ones from your order: ${d.link}\n`,
    html: layout(
      d.siteName,
      `<p>Thank you for your order <b>${escapeHtml(d.number)}</b>. Your files are ready:</p>` +
        d.files.map((f) => button(f.url, `Download ${f.name}`)).join('') +
        `<p>The links work until ${escapeHtml(d.until)}. After that, get new ones from ` +
        `<a href="${escapeHtml(d.link)}">your order</a>.</p>`,
    ),
  }),
  /** Sent after each refund the owner makes, unless they turn it off (sideEffects.sendOrderRefundedEmail: false). */
  ORDER_REFUNDED: (d) => {
    const back =
      'The money goes back the way you paid (a gift card gets its balance back); your bank may take a few days to show it.';
    return {
      subject: `Refund of ${d.amount} for your order ${d.number}`,
      text:
        `We refunded ${d.amount} for your order ${d.number} at ${d.siteName}.\n\n` +
        (d.reason ? `Reason: ${d.reason}\n\n` : '') +
        `${back}\n\nSee your order: ${d.link}\n`,
      html: layout(
        d.siteName,
        `<p>We refunded <b>${escapeHtml(d.amount)}</b> for your order <b>${escapeHtml(d.number)}</b>.</p>` +
          (d.reason ? `<p>Reason: ${escapeHtml(d.reason)}</p>` : '') +
          `<p>${escapeHtml(back)}</p>${button(d.link, 'See your order')}`,
      ),
    };
  },
  /** Sent when a renewal's bank asks for the buyer (3-D Secure) and the buyer was not there. */
  SUBSCRIPTION_PAYMENT_CONFIRMATION: (d) => {
    const why = `Your bank asks you to confirm the renewal of ${d.product} (${d.amount}) at ${d.siteName}.`;
    const how = 'Confirm your card (or use another one) and the renewal goes through; nothing was charged yet.';
    return {
      subject: `Confirm your payment for ${d.product}`,
      text: `${why}\n\n${how}\n\nConfirm your card: ${d.link}\n`,
      html: layout(
        d.siteName,
        `<p>${escapeHtml(why)}</p><p>${escapeHtml(how)}</p>${button(d.link, 'Confirm your card')}`,
      ),
    };
  },
};

export function render<T extends MailTemplate>(template: T, data: TemplateData[T]): Rendered {
  return RENDERERS[template](data);
}
