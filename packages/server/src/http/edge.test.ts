import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@plaza/contracts';
import { serverSuite } from '../test/suite.js';
import { memberAuth } from '../test/community.js';
import { appCode, call, violations } from '../../test/http.js';

const { srv } = serverSuite();
let owner: string;
beforeAll(async () => {
  owner = await memberAuth(srv);
});

const NUL = 'a\u0000b';
const UUID = /^[0-9a-f-]{36}$/;

/** The refusal every request with unstorable text gets: a 400 naming the field, no database round trip. */
function expectUnstorable(res: { status: number; body: unknown; headers: Headers }, field: string) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(violations(res.body)).toEqual([`${field}:FORMAT`]);
  expect((res.body as ErrorBody).details.validationError?.fieldViolations[0]?.description).toContain(
    'cannot be stored',
  );
  expect(res.headers.get('x-request-id')).toMatch(UUID);
}

/** Sends raw bytes, for requests fetch will not make (oversized headers) or answers it cannot read. */
function rawRequest(
  url: string,
  head: string,
): Promise<{ status: number; headers: Map<string, string>; body: unknown }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(head));
    let data = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (data += d));
    socket.on('error', () => {}); // the server closes after answering; what it wrote is what counts
    socket.on('close', () => {
      const [top = '', body = ''] = data.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = top.split('\r\n');
      const headers = new Map(
        headerLines.map((l) => [l.split(':')[0]!.toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      try {
        resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(body) });
      } catch (e) {
        reject(new Error(`not JSON: ${data.slice(0, 300)} (${String(e)})`));
      }
    });
  });
}

describe('text the database cannot store', () => {
  it('is refused in JSON bodies without a login, naming the field', async () => {
    expectUnstorable(
      await call(srv.url, 'POST', '/oauth2/token', { body: { grantType: 'anonymous', clientId: NUL } }),
      'clientId',
    );
    expectUnstorable(
      await call(srv.url, 'POST', '/identity/v1/send-email', { body: { email: `x${NUL}@example.com` } }),
      'email',
    );
    expectUnstorable(
      await call(srv.url, 'POST', '/identity/v2/login', {
        body: { loginId: { email: `x${NUL}@example.com` }, password: 'whatever-password' },
      }),
      'loginId.email',
    );
    const visitor = `Bearer ${await srv.visitorToken()}`;
    const contact = {
      namespace: 'stores',
      entityId: 'p1',
      content: { rating: 4 },
      name: 'Ann',
      email: 'a@example.com',
    };
    expectUnstorable(
      await call(srv.url, 'POST', '/reviews/v1/reviews/contact', { auth: visitor, body: { ...contact, name: NUL } }),
      'name',
    );
    expectUnstorable(
      await call(srv.url, 'POST', '/reviews/v1/reviews/contact', {
        auth: visitor,
        body: { ...contact, content: { rating: 4, title: NUL, body: 'ok' } },
      }),
      'content.title',
    );
  });

  it('is refused for signed-in callers too (API keys, OAuth clients)', async () => {
    expectUnstorable(
      await call(srv.url, 'POST', '/settings/v1/api-keys', { auth: owner, body: { name: NUL, scopes: ['members'] } }),
      'name',
    );
    expectUnstorable(
      await call(srv.url, 'POST', '/settings/v1/oauth-clients', {
        auth: owner,
        body: { name: 'Shop', redirectUris: [`https://shop.example/${NUL}`] },
      }),
      'redirectUris[0]',
    );
  });

  it('is refused in form bodies, path parameters and query parameters', async () => {
    expectUnstorable(
      await call(srv.url, 'POST', '/oauth2/token', {
        rawBody: 'grant_type=anonymous&client_id=a%00b',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
      'client_id',
    );
    expectUnstorable(await call(srv.url, 'DELETE', '/settings/v1/oauth-clients/a%00b', { auth: owner }), 'id');
    expectUnstorable(await call(srv.url, 'GET', '/identity/v1/identities?cursor=a%00b', { auth: owner }), 'cursor');
  });

  it('refuses lone surrogates and bad keys the same way', async () => {
    const loneSurrogate = await call(srv.url, 'POST', '/oauth2/token', {
      rawBody: '{"grantType":"anonymous","clientId":"a\\ud800b"}',
      headers: { 'content-type': 'application/json' },
    });
    expectUnstorable(loneSurrogate, 'clientId');
    const badKey = await call(srv.url, 'POST', '/settings/v1/api-keys', {
      auth: owner,
      rawBody: '{"name":"k","scopes":["members"],"x\\u0000":1}',
      headers: { 'content-type': 'application/json' },
    });
    expectUnstorable(badKey, 'body');
  });

  it('finds it however deep it is nested', async () => {
    const deep = `${'['.repeat(200)}"a\\u0000"${']'.repeat(200)}`;
    const res = await call(srv.url, 'POST', '/oauth2/token', {
      rawBody: `{"grantType":"anonymous","clientId":"x","extra":{"list":${deep}}}`,
      headers: { 'content-type': 'application/json' },
    });
    expectUnstorable(res, `extra.list${'[0]'.repeat(200)}`);
  });
});

describe("the framework's own refusals", () => {
  const expectShaped = (body: unknown, code: string) => {
    expect(body).toMatchObject({ message: expect.any(String), details: { applicationError: { code } } });
  };

  it('answers oversized headers and query strings with 431 in the error shape', async () => {
    const bigHeader = await rawRequest(
      srv.url,
      `GET /health HTTP/1.1\r\nhost: x\r\nx-filler: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(bigHeader.status).toBe(431);
    expectShaped(bigHeader.body, 'HEADERS_TOO_LARGE');
    expect(bigHeader.headers.get('x-request-id')).toMatch(UUID);

    const bigQuery = await rawRequest(srv.url, `GET /health?q=${'a'.repeat(20_000)} HTTP/1.1\r\nhost: x\r\n\r\n`);
    expect(bigQuery.status).toBe(431);
    expectShaped(bigQuery.body, 'HEADERS_TOO_LARGE');
  });

  it('answers malformed HTTP with 400 in the error shape', async () => {
    const res = await rawRequest(srv.url, 'NOT-HTTP\r\n\r\n');
    expect(res.status).toBe(400);
    expectShaped(res.body, 'MALFORMED_REQUEST');
  });

  it('answers an over-long path parameter with 414 and bad %-encoding with 400', async () => {
    const long = await call(srv.url, 'DELETE', `/settings/v1/oauth-clients/${'x'.repeat(600)}`, { auth: owner });
    expect(long.status).toBe(414);
    expect(appCode(long.body)).toBe('URI_TOO_LONG');
    expect(long.headers.get('x-request-id')).toMatch(UUID);

    const badUrl = await call(srv.url, 'DELETE', '/settings/v1/oauth-clients/%E0%A4%A', { auth: owner });
    expect(badUrl.status).toBe(400);
    expect(appCode(badUrl.body)).toBe('BAD_URL');
    expect(badUrl.headers.get('x-request-id')).toMatch(UUID);
  });

  it('refuses too many query parameters', async () => {
    const qs = Array.from({ length: 300 }, (_, i) => `p${i}=1`).join('&');
    const res = await call(srv.url, 'GET', `/health?${qs}`);
    expect(res.status).toBe(400);
    expect(violations(res.body)).toEqual(['querystring:MAX_SIZE']);
    expect(res.headers.get('x-request-id')).toMatch(UUID);
  });
});
