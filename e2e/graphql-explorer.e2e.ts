import { describe, expect, it } from 'vitest';
import { DESKTOP, fillHostedLogin, MOBILE, sidebarLink, snap } from './support.js';
import { journey } from './journey.js';

// The GraphQL explorer (issue 22): GraphiQL at /graphql/:apiVersion, for the signed-in owner, in its own chunk.

const j = journey({ ownerPage: true });

describe('GraphQL explorer', () => {
  it('the owner opens it from the dashboard’s Developers links, on desktop and phone', async () => {
    await sidebarLink(j.page, 'GraphQL explorer').click();
    await j.page.waitForURL(`${j.plaza.url}/graphql/alpha`);
    await j.page.getByRole('heading', { name: 'GraphQL explorer', exact: true }).waitFor();
    await j.page.locator('.graphiql-query-editor .CodeMirror').waitFor();
    await j.page.getByRole('button', { name: /^Execute query/ }).waitFor();
    await snap(j.page, 'graphql-explorer-desktop');
    await j.page.setViewportSize(MOBILE);
    await snap(j.page, 'graphql-explorer-phone');
    await j.page.setViewportSize(DESKTOP);
    await j.page.getByRole('link', { name: '← Dashboard', exact: true }).click();
    await j.page.getByRole('heading', { name: 'API keys', exact: true }).waitFor();
  });

  it('runs a query with the owner’s token and shows the answer', async () => {
    await j.page.goto(`${j.plaza.url}/graphql/alpha`, { waitUntil: 'networkidle' });
    const editor = j.page.locator('.graphiql-query-editor .CodeMirror');
    await editor.click();
    await j.page.keyboard.press('ControlOrMeta+A');
    await j.page.keyboard.press('Delete');
    await j.page.keyboard.type('{ __typename');
    const answered = j.page.waitForResponse(
      (r) => r.url() === `${j.plaza.url}/graphql/alpha` && r.request().method() === 'POST',
    );
    await j.page.getByRole('button', { name: /^Execute query/ }).click();
    expect((await answered).status()).toBe(200);
    await expect.poll(() => j.page.locator('.graphiql-response').innerText()).toContain('"Query"');
    // The docs pane is built from the schema GraphiQL read by introspection (the owner may; depth 15 fits).
    await j.page.getByRole('button', { name: /documentation explorer/i }).click();
    await snap(j.page, 'graphql-explorer-docs');
    await j.page
      .getByText(/Root Types/)
      .first()
      .waitFor();
    await j.page.getByRole('link', { name: 'Query', exact: true }).first().click();
    await j.page.getByText('catalogProducts', { exact: true }).first().waitFor();
  });

  it('asks a signed-out visitor to sign in, then shows the explorer', async () => {
    const page = await (await j.browser.newContext({ viewport: DESKTOP })).newPage();
    await page.goto(`${j.plaza.url}/graphql/alpha`, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'Sign in as the owner', exact: true }).waitFor();
    expect(await page.locator('.graphiql-container').count()).toBe(0);
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await fillHostedLogin(page, j.plaza.owner.email, j.plaza.owner.password);
    await page.waitForURL(`${j.plaza.url}/graphql/alpha`);
    await page.getByRole('heading', { name: 'GraphQL explorer', exact: true }).waitFor();
  });
});
