import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiKey, CreateApiKeyResponse, OAuthClient } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';
import { apiKeys } from './tables.js';

const { srv } = serverSuite();
let admin: string;
let visitor: string;
beforeAll(async () => {
  admin = await srv.createApiKey(['api-keys.manage', 'oauth-clients.manage'], 'admin');
  visitor = `Bearer ${await srv.visitorToken()}`;
});

describe('API keys', () => {
  it('creates a key shown once, stored hashed, usable at once, then revoked for good', async () => {
    const created = await call<CreateApiKeyResponse>(srv.url, 'POST', '/settings/v1/api-keys', {
      auth: admin,
      body: { name: 'Warehouse sync', scopes: ['site.manage'] },
    });
    expect(created.status).toBe(201);
    const { apiKey, key } = created.body;
    expect(key).toMatch(/^plz_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: 'Warehouse sync',
      scopes: ['site.manage'],
      keyPrefix: key.slice(0, 10),
      revokedDate: null,
    });

    const [row] = await srv.database.db.select().from(apiKeys).where(eq(apiKeys.id, apiKey.id));
    expect(row!.keyHash).not.toContain(key.slice(4));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);

    const list = await call<{ apiKeys: ApiKey[] }>(srv.url, 'GET', '/settings/v1/api-keys', { auth: admin });
    expect(list.body.apiKeys.map((k) => k.id)).toContain(apiKey.id);
    expect(JSON.stringify(list.body)).not.toContain(key);

    const patch = { site: { name: 'Via key' }, fieldMask: { paths: ['name'] } };
    expect((await call(srv.url, 'PATCH', '/site/v1/site', { auth: key, body: patch })).status).toBe(200);
    const used = await call<{ apiKeys: ApiKey[] }>(srv.url, 'GET', '/settings/v1/api-keys', { auth: admin });
    expect(used.body.apiKeys.find((k) => k.id === apiKey.id)!.lastUsedDate).not.toBeNull();

    const revoked = await call<{ apiKey: ApiKey }>(srv.url, 'DELETE', `/settings/v1/api-keys/${apiKey.id}`, {
      auth: admin,
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.apiKey.revokedDate).not.toBeNull();
    const after = await call(srv.url, 'PATCH', '/site/v1/site', { auth: key, body: patch });
    expect(after.status).toBe(401);
  });

  it.each([
    [{ scopes: ['site.manage'] }, 'name:REQUIRED_FIELD'],
    [{ name: '', scopes: ['site.manage'] }, 'name:MIN_LENGTH'],
    [{ name: 'x', scopes: [] }, 'scopes:MIN_SIZE'],
    [{ name: 'x', scopes: ['root'] }, 'scopes[0]:INVALID_ENUM_VALUE'],
    [{ name: 'x'.repeat(101), scopes: ['*'] }, 'name:MAX_LENGTH'],
  ])('rejects %j with %s and creates nothing', async (body, expected) => {
    const before = (await srv.database.db.select().from(apiKeys)).length;
    const res = await call(srv.url, 'POST', '/settings/v1/api-keys', { auth: admin, body });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContain(expected);
    expect((await srv.database.db.select().from(apiKeys)).length).toBe(before);
  });

  it('answers 404 for revoking an unknown key and 400 for a malformed id', async () => {
    const missing = await call(srv.url, 'DELETE', '/settings/v1/api-keys/0190a3b2-0000-7000-8000-000000000000', {
      auth: admin,
    });
    expect(missing.status).toBe(404);
    const malformed = await call(srv.url, 'DELETE', '/settings/v1/api-keys/not-a-uuid', { auth: admin });
    expect(malformed.status).toBe(400);
    expect(violations(malformed.body)).toContain('id:FORMAT');
  });

  it('is closed to visitors, to keys without api-keys.manage, and to anonymous callers', async () => {
    const weak = await srv.createApiKey(['site.manage']);
    for (const auth of [visitor, weak]) {
      expect((await call(srv.url, 'GET', '/settings/v1/api-keys', { auth })).status).toBe(403);
      expect(
        (await call(srv.url, 'POST', '/settings/v1/api-keys', { auth, body: { name: 'x', scopes: ['*'] } })).status,
      ).toBe(403);
    }
    expect((await call(srv.url, 'GET', '/settings/v1/api-keys')).status).toBe(401);
  });
});

describe('OAuth clients', () => {
  it('registers a client that can get visitor tokens, and deleting it ends its sessions', async () => {
    const created = await call<{ client: OAuthClient }>(srv.url, 'POST', '/settings/v1/oauth-clients', {
      auth: admin,
      body: { name: 'Headless shop', redirectUris: ['https://shop.example/callback'] },
    });
    expect(created.status).toBe(201);
    const { client } = created.body;
    expect(client.allowedOrigins).toEqual(['https://shop.example']);

    const tokens = await call<{ refresh_token: string }>(srv.url, 'POST', '/oauth2/token', {
      body: { grantType: 'anonymous', clientId: client.id },
    });
    expect(tokens.status).toBe(200);

    const list = await call<{ clients: OAuthClient[] }>(srv.url, 'GET', '/settings/v1/oauth-clients', { auth: admin });
    expect(list.body.clients.map((c) => c.id)).toEqual(expect.arrayContaining([srv.clientId, client.id]));

    expect((await call(srv.url, 'DELETE', `/settings/v1/oauth-clients/${client.id}`, { auth: admin })).status).toBe(
      204,
    );
    const refreshed = await call(srv.url, 'POST', '/oauth2/token', {
      body: { grantType: 'refresh_token', clientId: client.id, refreshToken: tokens.body.refresh_token },
    });
    expect(refreshed.status).toBe(400);
    expect(appCode(refreshed.body)).toBe('invalid_client');
    expect((await call(srv.url, 'DELETE', `/settings/v1/oauth-clients/${client.id}`, { auth: admin })).status).toBe(
      404,
    );
  });

  it.each([
    [{ name: 'x', redirectUris: ['javascript:alert(1)'] }, 'redirectUris[0]:FORMAT'],
    [{ name: 'x', redirectUris: [] }, 'redirectUris:MIN_SIZE'],
    [{ redirectUris: ['https://a.example/cb'] }, 'name:REQUIRED_FIELD'],
    [
      { name: 'x', redirectUris: ['https://a.example/cb'], allowedOrigins: ['https://a.example/path'] },
      'allowedOrigins[0]:FORMAT',
    ],
  ])('rejects %j with %s', async (body, expected) => {
    const res = await call(srv.url, 'POST', '/settings/v1/oauth-clients', { auth: admin, body });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContain(expected);
  });

  it('is closed to visitors and to keys without oauth-clients.manage', async () => {
    const weak = await srv.createApiKey(['api-keys.manage']);
    for (const auth of [visitor, weak]) {
      expect((await call(srv.url, 'GET', '/settings/v1/oauth-clients', { auth })).status).toBe(403);
      expect((await call(srv.url, 'DELETE', `/settings/v1/oauth-clients/${srv.clientId}`, { auth })).status).toBe(403);
    }
    expect(
      (await call(srv.url, 'POST', '/oauth2/token', { body: { grantType: 'anonymous', clientId: srv.clientId } }))
        .status,
    ).toBe(200);
  });
});

describe('GET /web/v1/config', () => {
  it('gives the web app its client id without credentials', async () => {
    const res = await call(srv.url, 'GET', '/web/v1/config');
    expect(res.body).toEqual({ clientId: srv.clientId, baseUrl: '' });
  });
});
