import { beforeAll, describe, expect, it } from 'vitest';
import type { Site } from '@plaza/contracts';
import { serverSuite } from '../../test/suite.js';
import { appCode, call, violations } from '../../../test/http.js';

const { srv } = serverSuite();
let visitor: string;
let siteKey: string;
beforeAll(async () => {
  visitor = `Bearer ${await srv.visitorToken()}`;
  siteKey = await srv.createApiKey(['site.manage']);
});

const getSite = async () => (await call<{ site: Site }>(srv.url, 'GET', '/site/v1/site', { auth: visitor })).body.site;

describe('GET /site/v1/site', () => {
  it('returns the seeded settings to a visitor', async () => {
    const res = await call<{ site: Site }>(srv.url, 'GET', '/site/v1/site', { auth: visitor });
    expect(res.status).toBe(200);
    expect(res.body.site).toMatchObject({
      name: 'Plaza Demo Store',
      currency: 'USD',
      locale: 'en-US',
      timeZone: 'UTC',
      signInPolicy: {
        emailVerificationRequired: true,
        ownerApprovalRequired: false,
        captchaMode: 'AFTER_FAILURES',
        captchaAfterFailures: 5,
      },
    });
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('accepts a bare token (no Bearer), as the platform SDK sends it', async () => {
    const res = await call(srv.url, 'GET', '/site/v1/site', { auth: visitor.replace('Bearer ', '') });
    expect(res.status).toBe(200);
  });

  it('is readable with any API key', async () => {
    const key = await srv.createApiKey(['members']);
    expect((await call(srv.url, 'GET', '/site/v1/site', { auth: key })).status).toBe(200);
  });

  it('answers 401 without a caller and with a forged or unknown credential', async () => {
    const none = await call(srv.url, 'GET', '/site/v1/site');
    expect(none.status).toBe(401);
    expect(appCode(none.body)).toBe('UNAUTHENTICATED');
    const [h, p] = visitor.replace('Bearer ', '').split('.');
    const forged = `${h}.${p}.${'A'.repeat(86)}`;
    expect((await call(srv.url, 'GET', '/site/v1/site', { auth: `Bearer ${forged}` })).status).toBe(401);
    expect((await call(srv.url, 'GET', '/site/v1/site', { auth: 'plz_notarealkey' })).status).toBe(401);
    expect((await call(srv.url, 'GET', '/site/v1/site', { auth: 'Bearer ' })).status).toBe(401);
  });
});

describe('PATCH /site/v1/site', () => {
  it('changes only the masked paths', async () => {
    const before = await getSite();
    const res = await call<{ site: Site }>(srv.url, 'PATCH', '/site/v1/site', {
      auth: siteKey,
      body: {
        site: { name: 'Corner Shop', currency: 'EUR', signInPolicy: { ownerApprovalRequired: true } },
        fieldMask: { paths: ['name', 'signInPolicy.ownerApprovalRequired'] },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.site.name).toBe('Corner Shop');
    expect(res.body.site.currency).toBe(before.currency); // in the body but not in the mask
    expect(res.body.site.signInPolicy).toEqual({ ...before.signInPolicy, ownerApprovalRequired: true });
    expect(res.headers.get('x-plaza-consistency')).toBeTruthy();
    expect(await getSite()).toEqual(res.body.site);
    expect(Date.parse(res.body.site.updatedDate)).toBeGreaterThan(Date.parse(before.updatedDate) - 1);
  });

  it.each([
    [{ site: { name: 'x' }, fieldMask: { paths: ['createdDate'] } }, 'fieldMask.paths[0]:FIELD_NOT_ALLOWED'],
    [{ site: {}, fieldMask: { paths: ['name'] } }, 'site.name:REQUIRED_FIELD'],
    [{ site: { currency: 'usd' }, fieldMask: { paths: ['currency'] } }, 'site.currency:FORMAT'],
    [{ site: { currency: 'XYZ' }, fieldMask: { paths: ['currency'] } }, 'site.currency:FORMAT'],
    [{ site: { timeZone: 'Mars/Olympus' }, fieldMask: { paths: ['timeZone'] } }, 'site.timeZone:FORMAT'],
    [{ site: { name: 'n'.repeat(101) }, fieldMask: { paths: ['name'] } }, 'site.name:MAX_LENGTH'],
    [
      { site: { signInPolicy: { captchaMode: 'SOMETIMES' } }, fieldMask: { paths: ['signInPolicy.captchaMode'] } },
      'site.signInPolicy.captchaMode:INVALID_ENUM_VALUE',
    ],
    [{ site: { name: 'x', owner: 'me' }, fieldMask: { paths: ['name'] } }, 'site.owner:FIELD_NOT_ALLOWED'],
    [{ site: { name: 'x' } }, 'fieldMask:REQUIRED_FIELD'],
  ])('rejects %j with %s and changes nothing', async (body, expected) => {
    const before = await getSite();
    const res = await call(srv.url, 'PATCH', '/site/v1/site', { auth: siteKey, body });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toContain(expected);
    expect(await getSite()).toEqual(before);
  });

  it('is forbidden to visitors and to keys without site.manage', async () => {
    const body = { site: { name: 'Hijacked' }, fieldMask: { paths: ['name'] } };
    const asVisitor = await call(srv.url, 'PATCH', '/site/v1/site', { auth: visitor, body });
    expect(asVisitor.status).toBe(403);
    const otherKey = await srv.createApiKey(['members']);
    const asOtherKey = await call(srv.url, 'PATCH', '/site/v1/site', { auth: otherKey, body });
    expect(asOtherKey.status).toBe(403);
    expect((asOtherKey.body as { message: string }).message).toContain('site.manage');
    expect((await call(srv.url, 'PATCH', '/site/v1/site', { body })).status).toBe(401);
    expect((await getSite()).name).not.toBe('Hijacked');
  });

  it('keeps both of two concurrent patches to different fields', async () => {
    const results = await Promise.all([
      call(srv.url, 'PATCH', '/site/v1/site', {
        auth: siteKey,
        body: { site: { locale: 'de-DE' }, fieldMask: { paths: ['locale'] } },
      }),
      call(srv.url, 'PATCH', '/site/v1/site', {
        auth: siteKey,
        body: { site: { timeZone: 'Europe/Berlin' }, fieldMask: { paths: ['timeZone'] } },
      }),
      call(srv.url, 'PATCH', '/site/v1/site', {
        auth: siteKey,
        body: { site: { signInPolicy: { captchaMode: 'ALWAYS' } }, fieldMask: { paths: ['signInPolicy.captchaMode'] } },
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const site = await getSite();
    expect(site).toMatchObject({ locale: 'de-DE', timeZone: 'Europe/Berlin', signInPolicy: { captchaMode: 'ALWAYS' } });
  });
});
