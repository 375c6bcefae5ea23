import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config/index.js';
import type { Database } from '../kernel/db.js';
import { createApiKey } from '../platform/apps/api-keys.service.js';
import { freshTestDatabase } from '../test/template-db.js';
import type { App } from './types.js';
import { formatPretty, scrubText, serializeError } from './logger.js';

/** Appears in requests that fail; must never appear in what the server logs about them. */
const SECRET = 'CanarySecret7f3a9e';

let app: App;
let database: Database;
let url: string;
let apiKey: string;
const lines: string[] = [];
const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    LOG_FORMAT: 'json',
    PLAZA_WEB_DIST: '',
    PLAZA_JOB_WORKER: 'off',
  });
  database = await freshTestDatabase(config);
  app = await buildApp({ config, database, logDestination: { write: (line) => void lines.push(line) } });
  app.addHook('onClose', async () => database.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  apiKey = (await createApiKey(database, { name: 'logs test', scopes: ['*'] })).key;
});
afterAll(() => app?.close());

describe('logs', () => {
  it('log a failed query without its parameters, the row, or the tokens and codes of the request', async () => {
    // Every new API key now fails in the database: the error carries the query, its parameters (the key's name and
    // hash) and PostgreSQL's detail quoting the whole row.
    await database.db.execute(sql.raw('ALTER TABLE api_keys ADD CONSTRAINT logs_test_refuse CHECK (false) NOT VALID'));
    const failed = await fetch(`${url}/settings/v1/api-keys?code=${SECRET}`, {
      method: 'POST',
      headers: { authorization: apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `${SECRET}@example.com`, scopes: ['members'] }),
    });
    expect(failed.status).toBe(500);
    await fetch(`${url}/members/v1/members?token=${SECRET}`, { headers: { authorization: `Bearer ${SECRET}` } });
    await fetch(`${url}/identity/v2/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginId: { email: `${SECRET}@example.com` }, password: SECRET }),
    });

    const all = lines.join('\n');
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain(apiKey);
    expect(all).not.toContain('params:');
    // The failure is still logged usefully: the database error code, the request, a stack.
    const error = entries().find((e) => e.level === 50) as { err?: Record<string, unknown>; reqId?: string };
    expect(error?.err).toMatchObject({ message: 'Failed query', cause: { code: '23514' } });
    expect(String(error?.err?.stack)).toContain(' at ');
    expect(error?.reqId).toBe(failed.headers.get('x-request-id'));
  });

  it('write one line per request, with its path (not its query), status and time', () => {
    const requests = entries().filter((e) => e.msg === 'request');
    expect(requests.map((e) => (e.req as { url: string }).url)).toEqual([
      '/settings/v1/api-keys',
      '/members/v1/members',
      '/identity/v2/login',
    ]);
    const statuses = requests.map((e) => (e.res as { statusCode: number }).statusCode);
    expect(statuses.slice(0, 2)).toEqual([500, 401]);
    expect(statuses[2]).toBeGreaterThanOrEqual(400);
    expect(entries().some((e) => e.msg === 'incoming request' || e.msg === 'request completed')).toBe(false);
  });

  it('keep health checks at debug level', async () => {
    const before = lines.length;
    expect((await fetch(`${url}/health`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    expect(lines.length).toBe(before);
  });
});

describe('the error serializer and the readable format', () => {
  it('LOG_FORMAT is pretty or json', () => {
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT: must be pretty or json, got "xml"');
  });

  it('keeps class, code and frames, and scrubs values from messages', () => {
    const cause = Object.assign(new Error(`invalid input syntax for type uuid: "${SECRET}"`), {
      code: '22P02',
      detail: `Key (email)=(${SECRET}) already exists`,
    });
    const err = Object.assign(new Error(`Failed query: select 1\nparams: ${SECRET}`), { cause, params: [SECRET] });
    const out = serializeError(err);
    expect(JSON.stringify(out)).not.toContain(SECRET);
    expect(out).toMatchObject({ message: 'Failed query', cause: { code: '22P02' } });
    expect(scrubText('mail to ann@example.com failed')).toBe('mail to [email] failed');
  });

  it('prints a request as one short line', () => {
    const line = JSON.stringify({
      level: 30,
      time: Date.UTC(2026, 0, 1, 12, 3, 4),
      msg: 'request',
      req: { method: 'GET', url: '/members/v1/members' },
      res: { statusCode: 200 },
      responseTime: 4.2,
    });
    expect(formatPretty(line)).toMatch(/^\d\d:\d\d:\d\d GET \/members\/v1\/members 200 4 ms\n$/);
  });
});
