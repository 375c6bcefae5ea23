import { beforeAll, describe, expect, it } from 'vitest';
import type { OAuthClient } from '@plaza/contracts';
import { loadConfig } from '../config/index.js';
import { serverSuite } from '../test/suite.js';
import { call, violations } from '../../test/http.js';

const SHOP = 'https://shop.example';
const LISTED = 'https://listed.example';

const { srv } = serverSuite({ env: { PLAZA_CORS_ORIGINS: `${LISTED}, http://localhost:8080` } });
let admin: string;
beforeAll(async () => {
  admin = await srv.createApiKey(['oauth-clients.manage'], 'admin');
  await call(srv.url, 'POST', '/settings/v1/oauth-clients', {
    auth: admin,
    body: { name: 'Shop', redirectUris: [`${SHOP}/callback`] },
  });
});

/** A browser's request from `origin`: a simple GET, or the preflight of a JSON POST. */
const fromOrigin = (path: string, origin: string, preflight = false) =>
  fetch(`${srv.url}${path}`, {
    method: preflight ? 'OPTIONS' : 'GET',
    headers: preflight
      ? { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' }
      : { origin },
  });

describe('CORS by allow-list', () => {
  it("answers an OAuth client's allowed origin and a PLAZA_CORS_ORIGINS origin, preflight included", async () => {
    for (const origin of [SHOP, LISTED, 'http://localhost:8080', srv.url]) {
      const res = await fromOrigin('/web/v1/config', origin);
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBe(origin);
      expect(res.headers.get('access-control-expose-headers')).toContain('x-request-id');
      expect(res.headers.get('vary')).toMatch(/origin/i);

      for (const path of ['/identity/v2/login', '/oauth2/token']) {
        const pre = await fromOrigin(path, origin, true);
        expect(pre.status).toBe(204);
        expect(pre.headers.get('access-control-allow-origin')).toBe(origin);
        expect(pre.headers.get('access-control-allow-methods')).toContain('POST');
        expect(pre.headers.get('access-control-allow-headers')).toBe('content-type');
      }
    }
  });

  it('gives unknown, null and look-alike origins no CORS headers, and their preflights no allow headers', async () => {
    const port = new URL(srv.url).port;
    const strangers = [
      'https://evil.example',
      'null',
      `http://127.0.0.1:${port}.evil.example`,
      `${SHOP}.evil.example`,
      'https://evil-shop.example',
      'http://shop.example', // the registered origin is https
      `${SHOP}:8443`,
    ];
    for (const origin of strangers) {
      const res = await fromOrigin('/web/v1/config', origin);
      // The answer itself is unchanged (a browser just may not read it); no header lets it.
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();

      for (const path of ['/identity/v2/login', '/oauth2/token', '/members/v1/members/my']) {
        const pre = await fromOrigin(path, origin, true);
        expect(pre.status).toBeGreaterThanOrEqual(400);
        for (const h of ['allow-origin', 'allow-methods', 'allow-headers', 'allow-credentials'])
          expect(pre.headers.get(`access-control-${h}`)).toBeNull();
      }
      const login = await fetch(`${srv.url}/identity/v2/login`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong-password' }),
      });
      expect(login.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('leaves calls without an Origin (servers, scripts) alone', async () => {
    const res = await fetch(`${srv.url}/web/v1/config`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    const token = await fetch(`${srv.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantType: 'anonymous', clientId: srv.clientId }),
    });
    expect(token.status).toBe(200);
  });

  it('follows the dashboard: a client gains and loses origins at once (the cached set is cleared)', async () => {
    const origin = 'https://new-site.example';
    expect((await fromOrigin('/web/v1/config', origin)).headers.get('access-control-allow-origin')).toBeNull();
    const created = await call<{ client: OAuthClient }>(srv.url, 'POST', '/settings/v1/oauth-clients', {
      auth: admin,
      body: { name: 'New site', redirectUris: ['https://other.example/cb'] },
    });
    const id = created.body.client.id;

    const patched = await call<{ client: OAuthClient }>(srv.url, 'PATCH', `/settings/v1/oauth-clients/${id}`, {
      auth: admin,
      // Stored as browsers send them: lower case, no default port.
      body: { allowedOrigins: ['https://NEW-SITE.example:443', 'https://other.example'] },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.client.allowedOrigins).toEqual([origin, 'https://other.example']);
    expect(patched.body.client.redirectUris).toEqual(['https://other.example/cb']);
    expect((await fromOrigin('/web/v1/config', origin)).headers.get('access-control-allow-origin')).toBe(origin);

    await call(srv.url, 'PATCH', `/settings/v1/oauth-clients/${id}`, {
      auth: admin,
      body: { allowedOrigins: ['https://other.example'] },
    });
    expect((await fromOrigin('/web/v1/config', origin)).headers.get('access-control-allow-origin')).toBeNull();

    const deleted = await call(srv.url, 'DELETE', `/settings/v1/oauth-clients/${id}`, { auth: admin });
    expect(deleted.status, JSON.stringify(deleted.body)).toBe(204);
    const gone = await fromOrigin('/web/v1/config', 'https://other.example');
    expect(gone.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('PATCH /settings/v1/oauth-clients/{id}', () => {
  it('refuses bad input by field and rule, and changes nothing', async () => {
    const { body } = await call<{ client: OAuthClient }>(srv.url, 'POST', '/settings/v1/oauth-clients', {
      auth: admin,
      body: { name: 'Stable', redirectUris: ['https://stable.example/cb'] },
    });
    const path = `/settings/v1/oauth-clients/${body.client.id}`;
    for (const [bad, expected] of [
      [{ allowedOrigins: ['https://a.example/path'] }, 'allowedOrigins[0]:FORMAT'],
      [{ allowedOrigins: ['null'] }, 'allowedOrigins[0]:FORMAT'],
      [{ redirectUris: [] }, 'redirectUris:MIN_SIZE'],
      [{ name: '' }, 'name:MIN_LENGTH'],
      [{ secret: 'x' }, 'secret:FIELD_NOT_ALLOWED'],
      [{}, ':MIN_SIZE'],
    ] as const) {
      const res = await call(srv.url, 'PATCH', path, { auth: admin, body: bad });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(violations(res.body).join(' '), JSON.stringify(res.body)).toContain(expected);
    }
    const list = await call<{ clients: OAuthClient[] }>(srv.url, 'GET', '/settings/v1/oauth-clients', { auth: admin });
    expect(list.body.clients.find((c) => c.id === body.client.id)).toEqual(body.client);
  });

  it('answers 404 for an unknown client and 401/403 for wrong callers', async () => {
    const unknown = await call(srv.url, 'PATCH', '/settings/v1/oauth-clients/nope', {
      auth: admin,
      body: { name: 'x' },
    });
    expect(unknown.status).toBe(404);
    expect(
      (await call(srv.url, 'PATCH', '/settings/v1/oauth-clients/plaza-web', { body: { allowedOrigins: [] } })).status,
    ).toBe(401);
    const visitor = `Bearer ${await srv.visitorToken()}`;
    const asVisitor = await call(srv.url, 'PATCH', '/settings/v1/oauth-clients/plaza-web', {
      auth: visitor,
      body: { allowedOrigins: ['https://evil.example'] },
    });
    expect(asVisitor.status).toBe(403);
    const otherKey = await srv.createApiKey(['api-keys.manage'], 'no oauth scope');
    expect(
      (
        await call(srv.url, 'PATCH', '/settings/v1/oauth-clients/plaza-web', {
          auth: otherKey,
          body: { allowedOrigins: ['https://evil.example'] },
        })
      ).status,
    ).toBe(403);
    expect(
      (await fromOrigin('/web/v1/config', 'https://evil.example')).headers.get('access-control-allow-origin'),
    ).toBe(null);
  });
});

describe('PLAZA_CORS_ORIGINS', () => {
  it('takes comma-separated origins and names every bad entry', () => {
    expect(loadConfig({ PLAZA_CORS_ORIGINS: 'https://a.example, http://b.example:81/' }).corsOrigins).toEqual([
      'https://a.example',
      'http://b.example:81',
    ]);
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(() => loadConfig({ PLAZA_CORS_ORIGINS: '*,null,https://a.example/path,ftp://x.example' })).toThrow(
      /PLAZA_CORS_ORIGINS: .*"\*"[\s\S]*"null"[\s\S]*"https:\/\/a.example\/path"[\s\S]*"ftp:\/\/x.example"/,
    );
  });
});
