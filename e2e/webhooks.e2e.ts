import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServicePlugins, createWebhooks, type WebhookEvent } from '@plaza/sdk/events';
import { DESKTOP, MOBILE, ownerIntoDashboard, sidebarLink, snap } from './support.js';
import { journey } from './journey.js';

// Dashboard → Developers in Chromium: the owner adds a webhook aimed at a receiver this test runs on 127.0.0.1, sends
// a test message and sees it Delivered in the log; then registers a service plugin app and runs a test call. Both
// the receiver and the app verify Plaza's signature with the SDK, as a real integration would. The server runs
// outside production, where loopback targets are allowed without the owner's setting.

const servers: Server[] = [];
const received: Array<WebhookEvent<'webhooks.subscription.test'>> = [];
let receiverUrl = '';
let appUrl = '';
const pluginCalls: string[] = [];

/** Starts a loopback HTTP server whose handler gets the raw body and answers with what it returns. */
async function listen(handle: (body: string) => Promise<{ status: number; body: string }>): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      handle(body).then(
        (r) => res.writeHead(r.status, { 'content-type': 'application/json' }).end(r.body),
        () => res.writeHead(401).end('{"message":"not verified"}'),
      );
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

const j = journey();
beforeAll(async () => {
  const keys = { fetchKeys: `${j.plaza.url}/webhooks/v1/public-keys` };

  const webhooks = createWebhooks().on('webhooks.subscription.test', (event) => void received.push(event));
  receiverUrl = `${await listen(async (body) => {
    await webhooks.process(body, keys);
    return { status: 200, body: '{"ok":true,"note":"<b>thanks</b>"}' };
  })}/hooks/plaza`;

  const plugins = createServicePlugins().define('SHIPPING_RATES', {
    getShippingRates: (request) => {
      pluginCalls.push(request.currency);
      return {
        shippingRates: [
          { code: 'std', title: 'Standard parcel', logistics: {}, cost: { price: '4.90', currency: request.currency } },
        ],
      };
    },
  });
  appUrl = `${await listen(async (body) => {
    const answer = await plugins.process(body, keys);
    return { status: answer.status, body: JSON.stringify(answer.body) };
  })}/plugins/shipping`;

  const context = await j.browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: j.plaza.url });
  j.page = await context.newPage();
  await ownerIntoDashboard(j.page, j.plaza);
});

afterAll(() => {
  for (const s of servers) {
    s.closeAllConnections();
    s.close();
  }
});

const nav = (name: string) => sidebarLink(j.page, name);

describe('Developers: webhooks', () => {
  it('adds a webhook with the event picker, sends a test message and sees it Delivered', async () => {
    await nav('Webhooks').click();
    await j.page.getByRole('heading', { name: 'Webhooks', level: 1, exact: true }).waitFor();
    await j.page.getByText('No webhooks yet', { exact: true }).waitFor();
    await j.page.getByTestId('public-keys').filter({ hasText: '"keys"' }).waitFor();
    // Outside production loopback receivers work without the owner's network setting, which stays blocked.
    await j.page.getByTestId('private-network-state').filter({ hasText: 'Blocked' }).waitFor();
    await snap(j.page, 'admin-webhooks-empty-desktop');

    await j.page.getByRole('button', { name: 'Add webhook', exact: true }).first().click();
    const drawer = j.page.getByRole('dialog', { name: 'Add webhook', exact: true });
    await drawer.waitFor();
    // Nothing filled in: the form says what is missing, in words, and sends nothing.
    await drawer.getByRole('button', { name: 'Add webhook', exact: true }).click();
    await drawer.getByText('Choose at least one event.', { exact: true }).waitFor();
    await drawer.getByLabel('Name (optional)', { exact: true }).fill('Warehouse');
    await drawer.getByLabel('Address that receives the messages', { exact: true }).fill(receiverUrl);
    await drawer.getByLabel('Every Members event', { exact: true }).check();
    await drawer.getByLabel(/Review written/).check();
    await snap(j.page, 'admin-webhook-add-desktop');
    await drawer.getByRole('button', { name: 'Add webhook', exact: true }).click();

    await j.page.getByRole('heading', { name: 'Warehouse', level: 1, exact: true }).waitFor();
    await j.page.getByText('Nothing sent yet', { exact: true }).waitFor();
    await j.page.getByRole('button', { name: 'Send test message', exact: true }).click();
    // The receiver verified the signature with the SDK and got the test event; the log shows it Delivered.
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const row = j.page.getByRole('row').filter({ hasText: 'Test message' });
    await row.getByText('Delivered', { exact: true }).waitFor({ timeout: 20_000 });
    await snap(j.page, 'admin-webhook-log-desktop');

    await row.getByRole('button', { name: 'Test message', exact: true }).click();
    const delivery = j.page.getByRole('dialog', { name: 'Delivery', exact: true });
    await delivery.getByText('Answered 200', { exact: true }).waitFor();
    await delivery.getByText(received[0]!.id, { exact: true }).waitFor();
    // The receiver's reply is shown as text, never as markup.
    await delivery.getByLabel('Reply to attempt 1', { exact: true }).filter({ hasText: '<b>thanks</b>' }).waitFor();
    expect(await delivery.getByText(/\d+ ms/).count()).toBeGreaterThan(0);
    await snap(j.page, 'admin-webhook-delivery-desktop');
    await delivery.getByRole('button', { name: 'Close', exact: true }).click();
  });

  it('pauses and resumes the webhook', async () => {
    await j.page.getByRole('button', { name: 'Pause', exact: true }).click();
    await j.page.getByRole('status').filter({ hasText: 'Warehouse is paused' }).waitFor();
    await j.page.getByText('Messages wait and go out when you resume.', { exact: true }).waitFor();
    await j.page.getByRole('button', { name: 'Resume', exact: true }).click();
    await j.page.getByRole('status').filter({ hasText: 'Warehouse is sending again' }).waitFor();
    await j.page.getByRole('button', { name: 'Pause', exact: true }).waitFor();
  });

  it('fits a phone: the webhook, its log and the list as cards', async () => {
    await j.page.setViewportSize(MOBILE);
    await j.page.reload({ waitUntil: 'networkidle' });
    await j.page.getByRole('heading', { name: 'Warehouse', level: 1, exact: true }).waitFor();
    await j.page.getByTestId('table-cards').getByText('Delivered', { exact: true }).waitFor();
    await snap(j.page, 'admin-webhook-log-mobile');
    await j.page.getByRole('link', { name: '← Webhooks', exact: true }).click();
    await j.page.getByTestId('table-cards').getByText('Warehouse', { exact: true }).waitFor();
    await snap(j.page, 'admin-webhooks-mobile');
    await j.page.setViewportSize(DESKTOP);
  });

  it('deletes the webhook only after a confirmation', async () => {
    await j.page.getByRole('link', { name: 'Warehouse', exact: true }).first().click();
    await j.page.getByRole('heading', { name: 'Warehouse', level: 1, exact: true }).waitFor();
    await j.page.getByRole('button', { name: 'Delete', exact: true }).click();
    const confirm = j.page.getByRole('dialog', { name: 'Delete the webhook Warehouse?', exact: true });
    await confirm.waitFor();
    await snap(j.page, 'admin-webhook-delete-desktop');
    await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
    await j.page.getByRole('heading', { name: 'Warehouse', level: 1, exact: true }).waitFor();
    await j.page.getByRole('button', { name: 'Delete', exact: true }).click();
    await confirm.getByRole('button', { name: 'Delete webhook', exact: true }).click();
    await j.page.getByText('No webhooks yet', { exact: true }).waitFor();
  });
});

describe('Developers: service plugins', () => {
  it('registers a shipping rates app and runs a test call that shows latency and outcome', async () => {
    await nav('Service plugins').click();
    await j.page.getByRole('heading', { name: 'Service plugins', level: 1, exact: true }).waitFor();
    await j.page.getByText('No apps plugged in', { exact: true }).waitFor();
    await j.page.getByRole('button', { name: 'Register an app', exact: true }).first().click();
    const form = j.page.getByRole('dialog', { name: 'Register an app', exact: true });
    await form.getByLabel('What the app does', { exact: true }).selectOption('SHIPPING_RATES');
    await form.getByLabel('App name', { exact: true }).fill('Parcel rates');
    await form.getByLabel('App address', { exact: true }).fill(appUrl);
    await snap(j.page, 'admin-service-plugin-add-desktop');
    await form.getByRole('button', { name: 'Register app', exact: true }).click();

    const drawer = j.page.getByRole('dialog', { name: 'Parcel rates', exact: true });
    await drawer.getByText('No calls yet', { exact: true }).waitFor();
    await drawer.getByRole('button', { name: 'Run a test call', exact: true }).click();
    const result = drawer.getByTestId('plugin-test-result');
    await result.getByText('Answered', { exact: true }).waitFor();
    await result.getByText('Standard parcel', { exact: false }).waitFor();
    await drawer
      .getByTestId('plugin-calls')
      .getByText(/\d+ ms/)
      .first()
      .waitFor();
    expect(pluginCalls.length).toBe(1);
    await snap(j.page, 'admin-service-plugin-test-desktop');

    await j.page.setViewportSize(MOBILE);
    await snap(j.page, 'admin-service-plugin-test-mobile');
    await drawer.getByRole('button', { name: 'Close', exact: true }).click();
    await j.page.getByTestId('table-cards').getByText('Parcel rates', { exact: true }).waitFor();
    await snap(j.page, 'admin-service-plugins-mobile');
    await j.page.setViewportSize(DESKTOP);
    await snap(j.page, 'admin-service-plugins-desktop');
  });

  it('deletes the app from its panel after a confirmation', async () => {
    await j.page.getByRole('button', { name: 'Parcel rates', exact: true }).first().click();
    const drawer = j.page.getByRole('dialog', { name: 'Parcel rates', exact: true });
    await drawer.getByRole('button', { name: 'Delete app', exact: true }).click();
    const confirm = j.page.getByRole('dialog', { name: 'Delete Parcel rates?', exact: true });
    await confirm.getByRole('button', { name: 'Delete app', exact: true }).click();
    await j.page.getByText('No apps plugged in', { exact: true }).waitFor();
  });
});
