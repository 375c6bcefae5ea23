import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './index.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const c = loadConfig({}, '/srv/plaza');
    expect(c).toMatchObject({
      port: 3000,
      dataDir: '/srv/plaza/.plaza/data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
    });
  });

  it('listens on the loopbacks with the embedded database, on every interface with DATABASE_URL, or on HOST', () => {
    expect(loadConfig({}).host).toBe('localhost');
    expect(loadConfig({ HOST: ' ' }).host).toBe('localhost');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/plaza' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '127.0.0.1', DATABASE_URL: 'postgres://u@db/plaza' }).host).toBe('127.0.0.1');
  });

  it('reads every variable', () => {
    const c = loadConfig(
      {
        PORT: '8080',
        PLAZA_DATA_DIR: '/var/plaza',
        DATABASE_URL: 'postgres://u@db/plaza',
        PLAZA_PUBLIC_URL: 'https://shop.example/',
        LOG_LEVEL: 'warn',
      },
      '/x',
    );
    expect(c).toMatchObject({
      port: 8080,
      dataDir: '/var/plaza',
      databaseUrl: 'postgres://u@db/plaza',
      publicUrl: 'https://shop.example',
      logLevel: 'warn',
    });
  });

  it('reports every bad variable on its own line under "Invalid environment variables"', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', PLAZA_PUBLIC_URL: 'ftp://x', LOG_LEVEL: 'loud' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const lines = (error as Error).message.split('\n');
    expect(lines[0]).toBe('Invalid environment variables');
    expect(lines.slice(1).map((l) => l.trim().split(':')[0])).toEqual([
      'PORT',
      'DATABASE_URL',
      'PLAZA_PUBLIC_URL',
      'LOG_LEVEL',
    ]);
    expect(lines[1]).toContain('"abc"');
  });

  it.each(['70000', '-1', '3.5', ' '])('rejects PORT=%j unless blank', (port) => {
    if (port.trim() === '') expect(loadConfig({ PORT: port }).port).toBe(3000);
    else expect(() => loadConfig({ PORT: port })).toThrow(/PORT/);
  });

  it('reads the mail and captcha settings, and rejects bad ones', () => {
    expect(loadConfig({})).toMatchObject({ smtpUrl: undefined, smtpFrom: undefined, captchaComplexity: 10_000 });
    expect(
      loadConfig({
        SMTP_URL: 'smtps://u:p@mail.example:465',
        SMTP_FROM: 'Shop <a@b.co>',
        PLAZA_CAPTCHA_COMPLEXITY: '50',
      }),
    ).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example:465', smtpFrom: 'Shop <a@b.co>', captchaComplexity: 50 });
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(
      /SMTP_URL: must be an smtp:\/\/ or smtps:\/\//,
    );
    expect(() => loadConfig({ PLAZA_CAPTCHA_COMPLEXITY: '0' })).toThrow(/PLAZA_CAPTCHA_COMPLEXITY/);
  });

  it.each([
    ['', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
  ])('reads PLAZA_TRUST_PROXY=%j', (raw, expected) => {
    expect(loadConfig({ PLAZA_TRUST_PROXY: raw }).trustProxy).toEqual(expected);
  });

  it('rejects a PLAZA_TRUST_PROXY that is no address list', () => {
    expect(() => loadConfig({ PLAZA_TRUST_PROXY: 'everyone' })).toThrow(/PLAZA_TRUST_PROXY/);
  });

  it('leaves metrics off unless PLAZA_METRICS_TOKEN is set, and refuses a short or spaced token', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ PLAZA_METRICS_TOKEN: ' 0123456789abcdef ' }).metricsToken).toBe('0123456789abcdef');
    for (const bad of ['short', 'has a space in it here'])
      expect(() => loadConfig({ PLAZA_METRICS_TOKEN: bad })).toThrow(/PLAZA_METRICS_TOKEN: must be 16 to 512/);
  });

  it('reads DATABASE_REPLICA_URLS only with DATABASE_URL, never echoing a URL in a problem', () => {
    const primary = 'postgres://u@db/plaza';
    expect(loadConfig({})).toMatchObject({ replicaUrls: [], replicaMaxLagMs: 5000 });
    expect(
      loadConfig({
        DATABASE_URL: primary,
        DATABASE_REPLICA_URLS: ' postgres://u@r1/plaza, postgresql://u@r2/plaza ,',
        PLAZA_REPLICA_MAX_LAG_MS: '800',
      }),
    ).toMatchObject({ replicaUrls: ['postgres://u@r1/plaza', 'postgresql://u@r2/plaza'], replicaMaxLagMs: 800 });
    expect(() => loadConfig({ DATABASE_REPLICA_URLS: 'postgres://u@r1/plaza' })).toThrow(
      /DATABASE_REPLICA_URLS: replicas need DATABASE_URL/,
    );
    let message = '';
    try {
      loadConfig({ DATABASE_URL: primary, DATABASE_REPLICA_URLS: 'postgres://u@r1/p,mysql://u:secret@r2/p' });
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toContain('DATABASE_REPLICA_URLS: entry 2 must be a postgres://');
    expect(message).not.toContain('secret');
    expect(() => loadConfig({ DATABASE_URL: primary, PLAZA_REPLICA_MAX_LAG_MS: '5s' })).toThrow(
      /PLAZA_REPLICA_MAX_LAG_MS/,
    );
  });
});
