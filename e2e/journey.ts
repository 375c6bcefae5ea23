import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { usShipping } from './shop.js';
import {
  DESKTOP,
  launchBrowser,
  mailboxReader,
  ownerClient,
  ownerIntoDashboard,
  startPlaza,
  type RunningPlaza,
} from './support.js';

export interface JourneyOptions {
  /** Extra environment for the server. */
  env?: Record<string, string>;
  /** Make an API key with the `ecom` scope (`ecomKey`) and a US shipping region with a "Standard" option. */
  shop?: boolean;
  /** Open a desktop page signed in to the dashboard as the owner (`context`, `page`). */
  ownerPage?: boolean;
}

/** What a journey file shares: filled in before its first test, stopped after its last. */
export interface Journey {
  plaza: RunningPlaza;
  browser: Browser;
  /** The owner signed in through the SDK. */
  owner: Awaited<ReturnType<typeof ownerClient>>;
  /** The dev mailbox, read with an API key. */
  mailbox: Awaited<ReturnType<typeof mailboxReader>>;
  /** With `shop`: an API key with the `ecom` scope. */
  ecomKey: string;
  /** With `ownerPage`: the owner's dashboard page and its context. */
  context: BrowserContext;
  page: Page;
}

/**
 * The start every browser journey shares: a Plaza of its own (a copy of the seeded demo store), Chromium, the owner
 * through the SDK and the dev mailbox; optionally a shop set up to ship to the US, and the owner's dashboard open.
 * Call it at the top of the file; the fields are there from the first test on.
 */
export function journey(opts: JourneyOptions = {}): Journey {
  const j = {} as Journey;
  beforeAll(async () => {
    j.plaza = await startPlaza(opts.env);
    j.browser = await launchBrowser();
    j.owner = await ownerClient(j.plaza);
    j.mailbox = await mailboxReader(j.plaza);
    if (opts.shop) {
      const { key } = await j.owner.fetch<{ key: string }>('/settings/v1/api-keys', {
        method: 'POST',
        body: { name: 'e2e shop', scopes: ['ecom'] },
      });
      j.ecomKey = key;
      await usShipping(j.plaza.url, key);
    }
    if (opts.ownerPage) {
      j.context = await j.browser.newContext({ viewport: DESKTOP });
      j.page = await j.context.newPage();
      await ownerIntoDashboard(j.page, j.plaza);
    }
  });
  afterAll(async () => {
    await j.browser?.close();
    await j.plaza?.stop();
  });
  return j;
}

/** Signs up on the app's own page with the code the verification mail carries; the page ends on the home page. */
export async function signUpWithCode(j: Journey, page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${j.plaza.url}/signup`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
  await page.getByLabel('Verification code', { exact: true }).waitFor();
  const { code } = await j.mailbox.code(email);
  await page.getByLabel('Verification code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await page.waitForURL(`${j.plaza.url}/`);
}

/** Logs in with e-mail and password on the app's own login page (the form in `main`, not the header's button). */
export async function logInOnAppPage(j: Journey, page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${j.plaza.url}/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('main').getByRole('button', { name: 'Log in', exact: true }).click();
}
