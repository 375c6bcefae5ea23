/**
 * The SDK's backInStockNotifications and recommendations modules against the real server: every method builds the
 * request the routes expect (paths, query forms such as `catalogReferences[0].appId`, bodies), end to end.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiKeyStrategy, createClient, isPlazaError, type AuthStrategy } from '../../src/index.js';
import { backInStockNotifications, recommendations } from '../../src/modules/ecom/index.js';
import { jobs } from '../../src/modules/jobs.js';
import { cast, type Cast } from '../../../server/src/test/community.js';
import { startTestServer, type TestServer } from '../../../server/src/test/harness.js';
import { createProduct } from '../../../server/src/store/catalog/testing.js';
import { mailbox } from '../../../server/src/platform/identity/testing.js';
import { itemDetails, refOf, shopperEmail, soldOutProduct } from '../../../server/src/store/back-in-stock/testing.js';

let srv: TestServer;
let people: Cast;
const modules = { backInStockNotifications, recommendations, jobs };
const fixed = (authorization: string): AuthStrategy => ({ getAuthHeaders: async () => ({ authorization }) });
let shopper: ReturnType<typeof createClient<typeof modules>>;
let stranger: typeof shopper;
let admin: typeof shopper;

beforeAll(async () => {
  srv = await startTestServer();
  people = await cast(srv);
  shopper = createClient({ baseUrl: srv.url, auth: fixed(people.visitor), modules });
  stranger = createClient({ baseUrl: srv.url, auth: fixed(people.memberB.auth), modules });
  admin = createClient({
    baseUrl: srv.url,
    auth: ApiKeyStrategy({ apiKey: await srv.createApiKey(['ecom', 'mailbox.read']) }),
    modules,
  });
}, 120_000);
afterAll(() => srv?.close());

describe('@plaza/sdk/ecom backInStockNotifications', () => {
  it('asks, reads, counts, queries, reports (job progress), marks and deletes', async () => {
    const product = await soldOutProduct(srv, people.owner);
    const email = shopperEmail('sdk');
    const { request } = await shopper.backInStockNotifications.createBackInStockNotificationRequest(
      { email, catalogReference: refOf(product) },
      itemDetails(product.name),
    );
    expect(request.status).toBe('RECEIVED');
    expect((await shopper.backInStockNotifications.getBackInStockNotificationRequest(request.id)).request).toEqual(
      request,
    );
    const hidden = await stranger.backInStockNotifications
      .getBackInStockNotificationRequest(request.id)
      .catch((e: unknown) => e);
    expect(isPlazaError(hidden) && hidden.status).toBe(404);

    const { counts } = await admin.backInStockNotifications.countBackInStockNotificationRequestsByCatalogReferences([
      refOf(product),
    ]);
    expect(counts).toEqual([{ catalogReference: refOf(product), openRequestsCount: 1 }]);
    // 60 references make a query string over 4000 characters: the SDK sends them as a POST instead.
    const many = await admin.backInStockNotifications.countBackInStockNotificationRequestsByCatalogReferences(
      Array.from({ length: 60 }, () => refOf(product)),
    );
    expect(many.counts).toHaveLength(60);
    expect(many.counts.every((c) => c.openRequestsCount === 1)).toBe(true);
    const page = await admin.backInStockNotifications.queryBackInStockNotificationRequests({
      status: ['RECEIVED'],
      catalogItemId: product.id,
      cursorPaging: { limit: 1 },
    });
    expect(page.requests.map((r) => r.id)).toEqual([request.id]);

    const { jobId, requestCount } = await admin.backInStockNotifications.reportItemsBackInStock({
      catalogReference: refOf(product),
      itemDetails: itemDetails(product.name),
    });
    expect(requestCount).toBe(1);
    await expect.poll(async () => (await admin.jobs.getJob(jobId)).job.status, { timeout: 15_000 }).toBe('COMPLETED');
    expect((await admin.jobs.getJob(jobId)).job.progress).toEqual({ total: 1, processed: 1, succeeded: 1, failed: 0 });
    expect(await mailbox(srv, people.owner, email)).toHaveLength(1);

    const second = await shopper.backInStockNotifications.createBackInStockNotificationRequest(
      { email: shopperEmail('sdk2'), catalogReference: refOf(product) },
      itemDetails(),
    );
    const marked = await admin.backInStockNotifications.markAsNotificationSent(second.request.id);
    expect(marked.request).toMatchObject({ status: 'NOTIFICATION_SENT', autoNotified: false });
    await shopper.backInStockNotifications.deleteBackInStockNotificationRequest(second.request.id);
    const gone = await admin.backInStockNotifications
      .getBackInStockNotificationRequest(second.request.id)
      .catch((e: unknown) => e);
    expect(isPlazaError(gone) && gone.status).toBe(404);
  });
});

describe('@plaza/sdk/ecom recommendations', () => {
  it('lists the algorithms and recommends', async () => {
    await createProduct(srv, people.owner, { name: 'Recommended mug' });
    const { availableAlgorithms } = await shopper.recommendations.listAvailableAlgorithms();
    expect(availableAlgorithms.map((a) => a.algorithmInfo.algorithmId)).toEqual(['RELATED_ITEMS', 'GLOBAL']);
    const { recommendation } = await shopper.recommendations.getRecommendation({
      algorithms: [{ algorithmId: 'GLOBAL' }],
      minimumRecommendedItems: 2,
    });
    expect(recommendation.items.length).toBeGreaterThanOrEqual(1);
    expect(recommendation.items.every((i) => i.algorithmId === 'GLOBAL')).toBe(true);
  });
});
