import { TEST_CARDS } from './cards.js';
import { formatMoney, type FakeSession } from './objects.js';
import type { FakeStore } from './state.js';

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}
table{width:100%;border-collapse:collapse}td{padding:.25rem 0}td.amount{text-align:right}
.error{color:#b00020}label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.4rem}
button{margin-top:1rem;padding:.5rem 1.5rem}</style></head>
<body>
<p><small>Test mode: fake Stripe Checkout</small></p>
${body}
</body>
</html>`;
}

/** A plain page with one message: an unknown, paid or expired session, or an unknown route. */
export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escape(title)}</h1>\n<p>${escape(message)}</p>`);
}

/**
 * The hosted payment page: what the session charges, a card field prefilled with Stripe's always-succeeding test
 * number, and the button that posts it back. No scripts, so tests can drive it with fetch.
 */
export function payPage(store: FakeStore, session: FakeSession, error?: string): string {
  const lines = store.sessionPlans.get(session.id)?.lines ?? [];
  const rows = lines
    .map(
      (l) =>
        `<tr><td>${escape(l.description ?? '')} × ${l.quantity ?? 1}</td>` +
        `<td class="amount">${formatMoney(l.amount_total, l.currency)}</td></tr>`,
    )
    .join('\n');
  const setup = session.mode === 'setup';
  const heading = setup
    ? `<h1>Save a card for ${escape(store.account.business_profile.name ?? '')}</h1>`
    : `<h1>Pay ${escape(store.account.business_profile.name ?? '')}</h1>\n<p id="total">` +
      `${formatMoney(session.amount_total ?? 0, session.currency ?? 'usd')}</p>`;
  const back = session.cancel_url ? `<p><a href="${escape(session.cancel_url)}">Back</a></p>` : '';
  const email = session.customer_email ?? store.ref(store.customers, session.customer)?.email ?? '';
  return layout(
    setup ? 'Save card' : 'Pay',
    `${heading}
${rows ? `<table>\n${rows}\n</table>` : ''}
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/pay/${escape(session.id)}">
<label for="email">Email</label><input id="email" name="email" type="email" value="${escape(email)}">
<label for="card">Card number</label><input id="card" name="card" value="${TEST_CARDS.visa.number.replace(/(\d{4})(?=\d)/g, '$1 ')}">
<label for="name">Name on card</label><input id="name" name="name">
<button type="submit">${setup ? 'Save card' : 'Pay'}</button>
</form>
${back}`,
  );
}
