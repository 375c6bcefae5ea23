import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSIONS_POLICY } from '../../http/security-headers.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

/** A stand-in for apps/web/dist: an index.html with the config marker and one precompressed asset. */
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'plaza-web-dist-'));
const ASSET = `console.log(${JSON.stringify('plaza '.repeat(2000))});`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(
  path.join(dist, 'index.html'),
  '<!doctype html><html><head><title>Plaza</title><!--plaza-config--><script type="module" src="/assets/app-1.js"></script></head><body><div id="root"></div></body></html>',
);
fs.writeFileSync(path.join(dist, 'assets/app-1.js'), ASSET);
fs.writeFileSync(path.join(dist, 'assets/app-1.js.br'), zlib.brotliCompressSync(ASSET));
fs.writeFileSync(path.join(dist, 'assets/app-1.js.gz'), zlib.gzipSync(ASSET, { level: 9 }));

let srv: TestServer;
let untrusting: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ env: { PLAZA_WEB_DIST: dist } });
  untrusting = await startTestServer({ env: { PLAZA_WEB_DIST: dist, PLAZA_TRUST_PROXY: 'false' } });
}, 120_000);
afterAll(async () => {
  await srv?.close();
  await untrusting?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw GET (fetch would set Host itself and decode the body): exactly what goes over the wire. */
function get(base: string, pathname: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

const PAGE = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
const directives = (csp: string | string[] | undefined) =>
  new Map(
    String(csp ?? '')
      .split(/;\s*/)
      .map((d): [string, string] => [d.split(' ')[0]!, d.split(' ').slice(1).join(' ')]),
  );

describe('security headers of the web app pages', () => {
  const pages: [string, string][] = [
    ['/', 'strict-origin-when-cross-origin'],
    ['/login', 'strict-origin-when-cross-origin'],
    ['/signup', 'strict-origin-when-cross-origin'],
    ['/admin', 'strict-origin-when-cross-origin'],
    ['/admin/members?status=BLOCKED', 'strict-origin-when-cross-origin'],
    ['/account/security', 'strict-origin-when-cross-origin'],
    ['/members', 'strict-origin-when-cross-origin'],
    ['/no-such-page', 'strict-origin-when-cross-origin'],
    ['/reset-password?token=secret', 'no-referrer'],
    ['/verify-email?code=123456', 'no-referrer'],
    ['/auth/login?redirectSession=x', 'no-referrer'],
    ['/auth/callback?code=ac_x', 'no-referrer'],
    ['/graphql/alpha', 'strict-origin-when-cross-origin'],
  ];
  it.each(pages)('%s: strict CSP with a fresh nonce, unframeable, nosniff, referrer policy', async (page, referrer) => {
    const res = await get(srv.url, page, PAGE);
    expect(res.status).toBe(200);
    const html = res.body.toString();
    const nonce = /<script nonce="([^"]+)">window\.__PLAZA__=/.exec(html)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(html).toContain(`<meta name="csp-nonce" content="${nonce}">`);
    const csp = directives(res.headers['content-security-policy']);
    expect(csp.get('script-src')).toBe(`'self' 'nonce-${nonce}'`);
    expect(csp.get('style-src')).toBe(`'self' 'nonce-${nonce}'`);
    expect(csp.get('default-src')).toBe("'self'");
    expect(csp.get('object-src')).toBe("'none'");
    expect(csp.get('base-uri')).toBe("'none'");
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.get('worker-src')).toBe("'self' blob:");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe(referrer);
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    // A nonce is good for one answer only.
    const again = await get(srv.url, page, PAGE);
    expect(again.headers['content-security-policy']).not.toContain(`'nonce-${nonce}'`);
  });

  it('answers GraphQL, not the page, to a GET that is no browser asking for a page', async () => {
    const json = await get(srv.url, '/graphql/alpha', { accept: 'application/json' });
    expect(json.status).toBe(400);
    expect(JSON.parse(json.body.toString())).toMatchObject({ details: { validationError: {} } });
    const query = await get(srv.url, `/graphql/alpha?query=${encodeURIComponent('{ __typename }')}`, PAGE);
    expect(JSON.parse(query.body.toString())).toEqual({ data: { __typename: 'Query' } });
    expect((await get(srv.url, '/graphql/v9', PAGE)).status).toBe(200);
  });

  it('lets only the app itself frame the silent sign-in callback', async () => {
    const res = await get(srv.url, '/auth/silent-callback', PAGE);
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toBe("'self'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Ignored in a frame, so the hidden iframe of silent sign-in still reaches its parent.
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('turns off the camera, microphone, location and payment for every page and answer', async () => {
    for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
      expect(PERMISSIONS_POLICY).toContain(`${feature}=()`);
    for (const p of ['/', '/docs/', '/web/v1/config', '/members/v1/no-such-route']) {
      const res = await get(srv.url, p, PAGE);
      expect(res.headers['permissions-policy'], p).toBe(PERMISSIONS_POLICY);
    }
    // JSON has no window to isolate; HTML does (the API docs too).
    expect((await get(srv.url, '/web/v1/config')).headers['cross-origin-opener-policy']).toBeUndefined();
    expect((await get(srv.url, '/docs/', PAGE)).headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('gives the API docs their own working policy, also unframeable', async () => {
    const res = await get(srv.url, '/docs/');
    expect(res.status).toBe(200);
    const csp = directives(res.headers['content-security-policy']);
    // Only its own files (and hashed inline code, if a version has any): never 'unsafe-inline'.
    expect(csp.get('script-src')?.trim()).toMatch(/^'self'( 'sha256-[^']+')*$/);
    expect(csp.get('frame-ancestors')).toBe("'none'");
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('puts nosniff on API answers, errors included', async () => {
    for (const p of ['/web/v1/config', '/members/v1/no-such-route', '/oauth2/jwks']) {
      const res = await get(srv.url, p, { accept: 'application/json' });
      expect(res.headers['x-content-type-options'], p).toBe('nosniff');
      expect(res.headers['content-type'], p).toMatch(/^application\/json/);
    }
  });

  it('sends Strict-Transport-Security over HTTPS: a trusted proxy says so, or PLAZA_PUBLIC_URL is https', async () => {
    const viaProxy = await get(srv.url, '/', { ...PAGE, 'x-forwarded-proto': 'https' });
    expect(viaProxy.headers['strict-transport-security']).toBe('max-age=31536000');
    const api = await get(srv.url, '/web/v1/config', { 'x-forwarded-proto': 'https' });
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000');
    // An untrusted hop may not claim HTTPS.
    const spoofed = await get(untrusting.url, '/web/v1/config', { 'x-forwarded-proto': 'https' });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();

    const publicUrl = untrusting.config.publicUrl;
    untrusting.config.publicUrl = 'https://shop.example';
    try {
      const res = await get(untrusting.url, '/web/v1/config');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
    } finally {
      untrusting.config.publicUrl = publicUrl;
    }
  });
});

describe('which requests get the page', () => {
  it.each([
    ['no Accept header', {}],
    ['*/*', { accept: '*/*' }],
    ['a browser', PAGE],
    ['text/*', { accept: 'text/*' }],
  ])('answers HTML for %s', async (_name, headers: Record<string, string>) => {
    // Pages whose slug looks like a version stay pages: only `/<service>/v<n>/<more>` is API-style.
    for (const p of ['/', '/admin', '/products/some-shoe', '/members/v2', '/products/v1', '/admin/store/products']) {
      const res = await get(srv.url, p, headers);
      expect(res.status, p).toBe(200);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body.toString()).toContain('<div id="root">');
    }
  });

  it('keeps JSON for API paths and for callers that ask for JSON', async () => {
    for (const [p, accept] of [
      ['/members/v1/no-such-route', '*/*'],
      ['/oauth2/nope', ''],
      ['/some-page', 'application/json'],
      // Another platform's API-style paths Plaza has no route for: a JSON 404 the SDK can report, never the page.
      ['/_api/no-such-service/v1/things', '*/*'],
      ['/_api', '*/*'],
      ['/v1/recommendations/nothing', PAGE.accept],
      ['/v2/anything', '*/*'],
      ['/site-media/v9/files', '*/*'],
      ['/stores-reader/v1/products/query', PAGE.accept],
    ]) {
      const res = await get(srv.url, p!, accept ? { accept } : {});
      expect(res.status, p).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body.toString())).toMatchObject({ details: { applicationError: { code: 'NOT_FOUND' } } });
    }
  });
});

describe('one public address', () => {
  const port = () => new URL(srv.url).port;

  it('sends a page opened on another host to PLAZA_PUBLIC_URL, path and query kept', async () => {
    for (const host of [`localhost:${port()}`, `[::1]:${port()}`, `192.168.1.20:${port()}`]) {
      const res = await get(srv.url, '/admin/members?page=2', { ...PAGE, host });
      expect(res.status, host).toBe(307);
      expect(res.headers.location).toBe(`${srv.config.publicUrl}/admin/members?page=2`);
    }
    expect((await get(srv.url, '/admin', PAGE)).status).toBe(200);
  });

  it('does not redirect API calls, assets, or requests through a proxy it cannot trust', async () => {
    const host = `localhost:${port()}`;
    expect((await get(srv.url, '/web/v1/config', { host })).status).toBe(200);
    expect((await get(srv.url, '/assets/app-1.js', { host })).status).toBe(200);
    // A trusted proxy names the browser's host; the public one is served in place.
    const publicHost = new URL(srv.config.publicUrl).host;
    const proxied = await get(srv.url, '/admin', { ...PAGE, host: 'app:3000', 'x-forwarded-host': publicHost });
    expect(proxied.status).toBe(200);
    // An untrusted proxy may have rewritten Host: redirecting could loop, so the page is served.
    const untrusted = await get(untrusting.url, '/admin', { ...PAGE, host: 'app:3000', 'x-forwarded-for': '10.0.0.1' });
    expect(untrusted.status).toBe(200);
  });
});

describe('compression', () => {
  it('sends the precompressed copy the browser accepts, and the original otherwise', async () => {
    const br = await get(srv.url, '/assets/app-1.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    // The build's copy byte for byte: nothing compresses it again per request.
    expect(br.body.equals(fs.readFileSync(path.join(dist, 'assets/app-1.js.br')))).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(ASSET);
    expect(br.body.length).toBeLessThan(ASSET.length / 10);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);

    const gz = await get(srv.url, '/assets/app-1.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.equals(fs.readFileSync(path.join(dist, 'assets/app-1.js.gz')))).toBe(true);
    expect(zlib.gunzipSync(gz.body).toString()).toBe(ASSET);

    const plain = await get(srv.url, '/assets/app-1.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(ASSET);
  });

  it('compresses JSON answers above 1 KB, and only those', async () => {
    const big = await get(srv.url, '/openapi.json', { 'accept-encoding': 'br, gzip' });
    expect(big.headers['content-encoding']).toBe('br');
    const spec = JSON.parse(zlib.brotliDecompressSync(big.body).toString()) as { openapi: string };
    expect(spec.openapi).toMatch(/^3\./);

    const gz = await get(srv.url, '/openapi.json', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gz.body).toString())).toEqual(spec);

    const small = await get(srv.url, '/web/v1/config', { 'accept-encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString())).toEqual({ clientId: 'plaza-web', baseUrl: '' });
  });
});
