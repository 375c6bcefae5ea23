import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type {
  BackInStockNotificationRequest,
  CountBackInStockRequestsResponse,
  Product,
  QueryBackInStockRequestsResponse,
} from '@plaza/contracts';
import { appCode, call, violations } from '../../../test/http.js';
import { serverSuite } from '../../test/suite.js';
import { createProduct, eventsOf } from '../catalog/testing.js';
import { backInStockRequests } from './tables.js';
import { ask, BASE, getRequest, itemDetails, refOf, shopperEmail, soldOutProduct } from './testing.js';

const {
  srv,
  c: people,
  keys,
} = serverSuite({ env: { PLAZA_JOB_WORKER: 'off' }, cast: true, keys: { ecom: ['ecom'] } });
let product: Product;

beforeAll(async () => {
  product = await soldOutProduct(srv, people.owner);
}, 120_000);

const rowCount = async () => (await srv.ctx().db.select().from(backInStockRequests)).length;

describe('POST /ecom/v1/back-in-stock-notification-requests', () => {
  it('stores a request for an out-of-stock item, with its item details, as RECEIVED, and emits created', async () => {
    const email = shopperEmail();
    const request = await ask(srv, people.visitor, product, email);
    expect(request).toMatchObject({
      email,
      catalogReference: refOf(product),
      itemDetails: itemDetails(product.name),
      status: 'RECEIVED',
    });
    expect(request.autoNotified).toBeUndefined();
    expect(await eventsOf(srv, request.id)).toEqual(['ecom.back_in_stock_notification_request.created']);
  });

  it('lets members, the owner and ecom keys ask too', async () => {
    for (const auth of [people.memberA.auth, people.owner, keys.ecom]) {
      expect((await ask(srv, auth, product, shopperEmail())).status).toBe('RECEIVED');
    }
  });

  it('answers the open request when the same e-mail asks again for the same item (any case), even in parallel', async () => {
    const email = shopperEmail('twice');
    const first = await ask(srv, people.visitor, product, email);
    const again = await ask(srv, people.visitor, product, email.toUpperCase());
    expect(again.id).toBe(first.id);
    const racer = shopperEmail('race');
    const before = await rowCount();
    const all = await Promise.all(Array.from({ length: 8 }, () => ask(srv, people.visitor, product, racer)));
    expect(new Set(all.map((r) => r.id)).size).toBe(1);
    expect(await rowCount()).toBe(before + 1);
  });

  it('keeps one request per variant: a variant and the product are different items', async () => {
    const p = await createProduct(srv, people.owner, {
      options: [{ name: 'Size', choices: ['S', 'M'] }],
      variants: [
        { choices: { Size: 'S' }, inventory: { trackQuantity: true, quantity: 0 } },
        { choices: { Size: 'M' }, inventory: { trackQuantity: true, quantity: 3 } },
      ],
    });
    const [s, m] = p.variants;
    const email = shopperEmail('variant');
    const onS = await ask(srv, people.visitor, p, email, s!.id);
    expect(onS.catalogReference.options).toEqual({ variantId: s!.id });
    const inStock = await call(srv.url, 'POST', BASE, {
      auth: people.visitor,
      body: { request: { email, catalogReference: refOf(p, m!.id) }, itemDetails: itemDetails() },
    });
    expect(inStock.status).toBe(400);
    expect(violations(inStock.body)).toEqual(['request.catalogReference:VALIDATION']);
    // The product is still in stock (M is): no request on the product itself.
    const onProduct = await call(srv.url, 'POST', BASE, {
      auth: people.visitor,
      body: { request: { email, catalogReference: refOf(p) }, itemDetails: itemDetails() },
    });
    expect(onProduct.status).toBe(400);
  });

  it('refuses items that are in stock, missing, hidden, or not in Plaza’s catalog, and bad input, writing nothing', async () => {
    const inStock = await createProduct(srv, people.owner, { inventory: { trackQuantity: true, quantity: 5 } });
    const hidden = await soldOutProduct(srv, people.owner, { visible: false });
    const before = await rowCount();
    const post = (body: unknown, auth = people.visitor) => call(srv.url, 'POST', BASE, { auth, body });
    const body = (ref: unknown, email = shopperEmail(), details: unknown = itemDetails()) => ({
      request: { email, catalogReference: ref },
      itemDetails: details,
    });
    const cases: Array<[unknown, string[]]> = [
      [body(refOf(inStock)), ['request.catalogReference:VALIDATION']],
      [
        body({ ...refOf(product), catalogItemId: '0190a3b2-0000-7000-8000-000000000000' }),
        ['request.catalogReference.catalogItemId:VALIDATION'],
      ],
      [body(refOf(hidden)), ['request.catalogReference.catalogItemId:VALIDATION']],
      [body({ ...refOf(product), appId: 'other-app' }), ['request.catalogReference.appId:VALIDATION']],
      [body({ ...refOf(product), catalogItemId: 'not-a-uuid' }), ['request.catalogReference.catalogItemId:FORMAT']],
      [
        body({ ...refOf(product), options: { color: 'red' } }),
        ['request.catalogReference.options.color:FIELD_NOT_ALLOWED'],
      ],
      [
        body({ ...refOf(product), options: { variantId: '0190a3b2-0000-7000-8000-000000000000' } }),
        ['request.catalogReference.options.variantId:VALIDATION'],
      ],
      [body(refOf(product), 'not an email'), ['request.email:FORMAT']],
      [{ request: { catalogReference: refOf(product) }, itemDetails: itemDetails() }, ['request.email:REQUIRED_FIELD']],
      [body(refOf(product), shopperEmail(), { price: '$1' }), ['itemDetails.name:REQUIRED_FIELD']],
      [
        body(refOf(product), shopperEmail(), { name: 'x', image: { url: 'http://insecure.example.com/a.jpg' } }),
        ['itemDetails.image.url:FORMAT'],
      ],
      [
        body(refOf(product), shopperEmail(), {
          name: 'x',
          image: { url: 'https://a.example.com/a.jpg', focalPoint: { x: 2, y: 0 } },
        }),
        ['itemDetails.image.focalPoint.x:MAX'],
      ],
    ];
    for (const [b, expected] of cases) {
      const res = await post(b);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(violations(res.body)).toEqual(expected);
    }
    // The owner sees hidden products, so may ask for one.
    expect((await post(body(refOf(hidden)), people.owner)).status).toBe(200);
    expect(await rowCount()).toBe(before + 1);
  });

  it('needs a caller: none is 401, an API key without ecom is 403', async () => {
    const body = { request: { email: shopperEmail(), catalogReference: refOf(product) }, itemDetails: itemDetails() };
    expect((await call(srv.url, 'POST', BASE, { body })).status).toBe(401);
    expect((await call(srv.url, 'POST', BASE, { auth: people.apiKey, body })).status).toBe(403);
  });
});

describe('GET and DELETE /ecom/v1/back-in-stock-notification-requests/{id}', () => {
  it('shows a request to its requester, the owner and ecom keys, and 404 to everyone else (no e-mail leaked)', async () => {
    const email = shopperEmail('private');
    const mine = await ask(srv, people.memberA.auth, product, email);
    for (const auth of [people.memberA.auth, people.owner, keys.ecom]) {
      const res = await getRequest(srv, auth, mine.id);
      expect(res.status).toBe(200);
      expect(res.body.request).toEqual(mine);
    }
    for (const auth of [
      people.memberB.auth,
      people.visitor,
      `Bearer ${await srv.visitorToken()}`,
      people.contributor.auth,
    ]) {
      const res = await getRequest(srv, auth, mine.id);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(email);
    }
    expect((await getRequest(srv, people.apiKey, mine.id)).status).toBe(403);
    expect((await call(srv.url, 'GET', `${BASE}/${mine.id}`)).status).toBe(401);
    expect((await getRequest(srv, people.owner, 'nope')).status).toBe(400);
  });

  it('lets the requester delete their own (event emitted); others get 404 and nothing is deleted', async () => {
    const visitor = `Bearer ${await srv.visitorToken()}`;
    const r = await ask(srv, visitor, product, shopperEmail('del'));
    const del = (auth: string) => call(srv.url, 'DELETE', `${BASE}/${r.id}`, { auth });
    expect((await del(people.visitor)).status).toBe(404);
    expect((await del(people.memberA.auth)).status).toBe(404);
    expect((await getRequest(srv, visitor, r.id)).status).toBe(200);
    expect((await del(visitor)).status).toBe(200);
    expect((await getRequest(srv, visitor, r.id)).status).toBe(404);
    expect(await eventsOf(srv, r.id)).toEqual([
      'ecom.back_in_stock_notification_request.created',
      'ecom.back_in_stock_notification_request.deleted',
    ]);
    const other = await ask(srv, visitor, product, shopperEmail('del2'));
    expect((await call(srv.url, 'DELETE', `${BASE}/${other.id}`, { auth: keys.ecom })).status).toBe(200);
  });
});

describe('PUT …/{id}/mark-as-notification-sent', () => {
  it('marks a waiting request as notified by hand, once; a second mark is 409 naming both states', async () => {
    const r = await ask(srv, people.visitor, product, shopperEmail('mark'));
    const mark = (auth: string) =>
      call<{ request: BackInStockNotificationRequest }>(srv.url, 'PUT', `${BASE}/${r.id}/mark-as-notification-sent`, {
        auth,
      });
    expect((await mark(people.visitor)).status).toBe(403);
    expect((await mark(people.memberA.auth)).status).toBe(403);
    const ok = await mark(keys.ecom);
    expect(ok.status).toBe(200);
    expect(ok.body.request).toMatchObject({ id: r.id, status: 'NOTIFICATION_SENT', autoNotified: false });
    const again = await mark(people.owner);
    expect(again.status).toBe(409);
    expect(appCode(again.body)).toBe('INVALID_STATUS_TRANSITION');
    expect((again.body as unknown as { message: string }).message).toBe(
      'A back-in-stock request cannot go from NOTIFICATION_SENT to NOTIFICATION_SENT',
    );
    expect(await eventsOf(srv, r.id)).toEqual([
      'ecom.back_in_stock_notification_request.created',
      'ecom.back_in_stock_notification_request.updated',
    ]);
    const missing = await call(
      srv.url,
      'PUT',
      `${BASE}/0190a3b2-0000-7000-8000-000000000000/mark-as-notification-sent`,
      {
        auth: people.owner,
      },
    );
    expect(missing.status).toBe(404);
  });

  it('two marks at once: one wins, the other is 409, one event', async () => {
    const r = await ask(srv, people.visitor, product, shopperEmail('race-mark'));
    const path = `${BASE}/${r.id}/mark-as-notification-sent`;
    const results = await Promise.all([people.owner, keys.ecom].map((auth) => call(srv.url, 'PUT', path, { auth })));
    expect(results.map((x) => x.status).sort()).toEqual([200, 409]);
    expect(await eventsOf(srv, r.id)).toHaveLength(2);
  });

  it('lets a new request follow a notified one for the same e-mail and item', async () => {
    const email = shopperEmail('again');
    const r = await ask(srv, people.visitor, product, email);
    await call(srv.url, 'PUT', `${BASE}/${r.id}/mark-as-notification-sent`, { auth: keys.ecom });
    const next = await ask(srv, people.visitor, product, email);
    expect(next.id).not.toBe(r.id);
    expect(next.status).toBe('RECEIVED');
  });
});

describe('GET /ecom/v1/back-in-stock-notification-requests (query)', () => {
  let p: Product;
  const emails = [shopperEmail('q1'), shopperEmail('q2'), shopperEmail('q3'), shopperEmail('q4'), shopperEmail('q5')];
  beforeAll(async () => {
    p = await soldOutProduct(srv, people.owner);
    for (const e of emails) await ask(srv, people.visitor, p, e);
    const [first] = await srv
      .ctx()
      .db.select()
      .from(backInStockRequests)
      .where(eq(backInStockRequests.email, emails[0]!));
    await call(srv.url, 'PUT', `${BASE}/${first!.id}/mark-as-notification-sent`, { auth: keys.ecom });
  });
  type Q = QueryBackInStockRequestsResponse;
  const get = (qs: string, auth = keys.ecom) => call<Q>(srv.url, 'GET', `${BASE}?${qs}`, { auth });

  it('filters by item, status and e-mail, newest first', async () => {
    const all = await get(`catalogItemId=${p.id}`);
    expect(all.status).toBe(200);
    expect(all.body.requests.map((r) => r.email)).toEqual([...emails].reverse());
    const open = await get(`catalogItemId=${p.id}&status=RECEIVED&status=PROCESSING`);
    expect(open.body.requests.map((r) => r.email)).toEqual(emails.slice(1).reverse());
    const sent = await get(`catalogItemId=${p.id}&status=NOTIFICATION_SENT`);
    expect(sent.body.requests.map((r) => r.email)).toEqual([emails[0]]);
    const one = await get(`email=${encodeURIComponent(emails[2]!.toUpperCase())}`);
    expect(one.body.requests.map((r) => r.email)).toEqual([emails[2]]);
    const oldest = await get(`catalogItemId=${p.id}&sort=CREATED_ASC`);
    expect(oldest.body.requests.map((r) => r.email)).toEqual(emails);
  });

  it('pages by cursor without gaps or repeats, the cursor carrying the filter', async () => {
    const seen: string[] = [];
    let page = await get(`catalogItemId=${p.id}&cursorPaging.limit=2`);
    seen.push(...page.body.requests.map((r) => r.email));
    while (page.body.pagingMetadata.hasNext) {
      const next = page.body.pagingMetadata.cursors.next!;
      page = await get(`cursorPaging.limit=2&cursorPaging.cursor=${encodeURIComponent(next)}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.requests.map((r) => r.email));
    }
    expect(seen).toEqual([...emails].reverse());
    const first = await get(`catalogItemId=${p.id}&cursorPaging.limit=2`);
    const cursor = encodeURIComponent(first.body.pagingMetadata.cursors.next!);
    expect(violations((await get(`cursorPaging.cursor=${cursor}&status=FAILED`)).body)).toEqual([
      'cursorPaging.cursor:VALIDATION',
    ]);
    expect(violations((await get(`cursorPaging.cursor=x${cursor}`)).body)).toEqual(['cursorPaging.cursor:FORMAT']);
  });

  it('checks its query and its callers', async () => {
    expect(violations((await get('status=DONE')).body)).toEqual(['status[0]:INVALID_ENUM_VALUE']);
    expect((await get('other=1')).status).toBe(400);
    expect(violations((await get(`variantId=${p.id}`)).body)).toEqual(['catalogItemId:REQUIRED_FIELD']);
    expect((await get('', people.visitor)).status).toBe(403);
    expect((await get('', people.memberA.auth)).status).toBe(403);
    expect((await get('', people.apiKey)).status).toBe(403);
    expect((await call(srv.url, 'GET', BASE)).status).toBe(401);
    const owner = await get(`catalogItemId=${p.id}`, people.owner);
    expect(owner.body.requests).toHaveLength(5);
  });
});

describe('GET …/count-by-catalog-reference', () => {
  it('counts open requests per item in the order asked, 0 for items nobody waits for', async () => {
    const p = await soldOutProduct(srv, people.owner);
    const q = await soldOutProduct(srv, people.owner);
    for (let i = 0; i < 3; i++) await ask(srv, people.visitor, p, shopperEmail('count'));
    const done = await ask(srv, people.visitor, p, shopperEmail('count'));
    await call(srv.url, 'PUT', `${BASE}/${done.id}/mark-as-notification-sent`, { auth: keys.ecom });
    const qs =
      `catalogReferences[0].appId=plaza-catalog&catalogReferences[0].catalogItemId=${q.id}` +
      `&catalogReferences[1].appId=plaza-catalog&catalogReferences[1].catalogItemId=${p.id}`;
    const res = await call<CountBackInStockRequestsResponse>(
      srv.url,
      'GET',
      `${BASE}/count-by-catalog-reference?${qs}`,
      {
        auth: people.owner,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.counts).toEqual([
      { catalogReference: refOf(q), openRequestsCount: 0 },
      { catalogReference: refOf(p), openRequestsCount: 3 },
    ]);
  });

  it('answers the same as a POST with the references in the body (long lists), checking them', async () => {
    const p = await soldOutProduct(srv, people.owner);
    await ask(srv, people.visitor, p, shopperEmail('post-count'));
    const path = `${BASE}/count-by-catalog-reference`;
    const post = (body: unknown, auth = keys.ecom) =>
      call<CountBackInStockRequestsResponse>(srv.url, 'POST', path, { auth, body });
    const refs = [refOf(p), ...Array.from({ length: 99 }, () => refOf(product))];
    const res = await post({ catalogReferences: refs });
    expect(res.status).toBe(200);
    expect(res.body.counts).toHaveLength(100);
    expect(res.body.counts[0]).toEqual({ catalogReference: refOf(p), openRequestsCount: 1 });
    expect(violations((await post({ catalogReferences: [...refs, refOf(p)] })).body)).toEqual([
      'catalogReferences:MAX_SIZE',
    ]);
    expect(violations((await post({ catalogReferences: [{ ...refOf(p), appId: 'x' }] })).body)).toEqual([
      'catalogReferences[0].appId:VALIDATION',
    ]);
    expect((await post({ catalogReferences: [refOf(p)] }, people.visitor)).status).toBe(403);
  });

  it('checks the references and the caller', async () => {
    const path = (qs: string) => `${BASE}/count-by-catalog-reference?${qs}`;
    const res = (qs: string, auth = keys.ecom) => call(srv.url, 'GET', path(qs), { auth });
    expect(violations((await res('')).body)).toEqual(['catalogReferences:REQUIRED_FIELD']);
    expect(violations((await res(`catalogReferences[0].catalogItemId=${product.id}`)).body)).toEqual([
      'catalogReferences[0].appId:REQUIRED_FIELD',
    ]);
    expect(
      violations((await res('catalogReferences[0].appId=plaza-catalog&catalogReferences[0].catalogItemId=x')).body),
    ).toEqual(['catalogReferences[0].catalogItemId:FORMAT']);
    expect((await res('catalogReferences[0].color=red')).status).toBe(400);
    const ok = `catalogReferences[0].appId=plaza-catalog&catalogReferences[0].catalogItemId=${product.id}`;
    expect((await res(ok, people.visitor)).status).toBe(403);
    expect((await res(ok, people.memberA.auth)).status).toBe(403);
    expect((await call(srv.url, 'GET', path(ok))).status).toBe(401);
  });
});
