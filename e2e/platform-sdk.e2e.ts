import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../packages/server/src/test/child-server.js';
import { journey } from './journey.js';
import { fillHostedLogin } from './support.js';

// The hosted platform SDK's direct login (`auth.getMemberTokensForDirectLogin`) in Chromium, against Plaza: a page
// on the app's own origin signs a member in with a password, then gets member tokens through a hidden frame that
// posts the code back (the SDK's web_message protocol, without a redirect URI). docs/platform-sdk.md lists the call.

const j = journey();
let app: http.Server;
let appOrigin: string;
let clientId: string;

beforeAll(async () => {
  const bundle = await build({
    entryPoints: [path.join(path.dirname(fileURLToPath(import.meta.url)), 'platform-sdk/app.ts')],
    bundle: true,
    write: false,
    platform: 'browser',
    format: 'esm',
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.text;
  const wrapper = docsFetchWrapper().replace(/^const plaza = .*$/m, `const plaza = ${JSON.stringify(j.plaza.url)};`);
  const port = await freePort();
  appOrigin = `http://127.0.0.1:${port}`;
  app = http.createServer((req, res) => {
    if (req.url === '/app.js') return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><title>Headless shop</title><script>${wrapper}</script>` +
        '<script type="module" src="/app.js"></script><p>Headless shop</p>',
    );
  });
  await new Promise<void>((resolve) => app.listen(port, '127.0.0.1', resolve));
  const { client } = await j.owner.fetch<{ client: { id: string } }>('/settings/v1/oauth-clients', {
    method: 'POST',
    body: { name: 'Headless shop', redirectUris: [`${appOrigin}/callback`], allowedOrigins: [appOrigin] },
  });
  clientId = client.id;
}, 120_000);

/** The fetch wrapper exactly as docs/platform-sdk.md shows it, so the page a developer copies is the one tested. */
function docsFetchWrapper(): string {
  const docs = fs.readFileSync(new URL('../docs/platform-sdk.md', import.meta.url), 'utf8');
  const block = /```js\n(const plaza = [\s\S]*?)```/.exec(docs)?.[1];
  if (!block) throw new Error('docs/platform-sdk.md: the fetch wrapper block is missing');
  return block;
}

afterAll(() => new Promise<void>((resolve) => (app ? app.close(() => resolve()) : resolve())));

describe('the platform SDK’s direct login in a browser', () => {
  it('auth.getMemberTokensForDirectLogin: in Chromium, through the hidden frame and the web_message protocol', async () => {
    const context = await j.browser.newContext();
    const page = await context.newPage();
    await page.goto(appOrigin, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => typeof window.directLogin === 'function');
    const { email, password } = j.plaza.owner;
    const result = await page.evaluate(([id, e, p]) => window.directLogin(id, e, p), [
      clientId,
      email,
      password,
    ] as const);
    expect(result).toEqual({
      loginState: 'SUCCESS',
      loggedIn: true,
      role: 'member',
      loginEmail: email,
      framesLeft: 0,
    });
    await context.close();
  });

  it("redirects.createRedirectSession for the login page: back on the app's own page after signing in", async () => {
    const context = await j.browser.newContext();
    const page = await context.newPage();
    await page.goto(appOrigin, { waitUntil: 'networkidle' });
    await page.waitForFunction(() => typeof window.loginPageUrl === 'function');
    const fullUrl = await page.evaluate(([id, back]) => window.loginPageUrl(id, back), [
      clientId,
      `${appOrigin}/account`,
    ] as const);
    expect(new URL(fullUrl!).pathname).toBe('/auth/login');
    await page.goto(fullUrl!, { waitUntil: 'networkidle' });
    await fillHostedLogin(page, j.plaza.owner.email, j.plaza.owner.password);
    await page.waitForURL(`${appOrigin}/account`);
    expect(await page.textContent('p')).toBe('Headless shop');
    await context.close();
  });
});
