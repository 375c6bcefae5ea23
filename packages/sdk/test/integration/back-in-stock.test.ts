/**
 * The SDK's backInStockNotifications and recommendations modules against the real server: every method builds the
 * request the routes expect (paths, query forms such as `catalogReferences[0].appId`, bodies), end to end.
 */
import { describe, expect, it } from 'vitest';
import { isPlazaError } from '../../src/index.js';
import { backInStockNotifications, recommendations } from '../../src/modules/ecom/index.js';
import { jobs } from '../../src/modules/jobs.js';
import { createProduct } from '../../../server/src/store/catalog/testing.js';
import { mailbox } from '../../../server/src/platform/identity/testing.js';
import { itemDetails, refOf, shopperEmail, soldOutProduct } from '../../../server/src/store/back-in-stock/testing.js';
import { fixedAuth } from './community-clients.js';
import { castClients } from './cast-server.js';

const { ctx, client } = castClients({ backInStockNotifications, recommendations, jobs }, ['ecom', 'mailbox.read']);

describe('@plaza/sdk/ecom backInStockNotifications', () => {
  it('asks, reads, counts, queries, reports (job progress), marks and deletes', async () => {
    const product = await soldOutProduct(ctx.srv, ctx.people.owner);
    const email = shopperEmail('sdk');
    const { request } = await ctx.visitor.backInStockNotifications.createBackInStockNotificationRequest(
      { email, catalogReference: refOf(product) },
      itemDetails(product.name),
    );
    expect(request.status).toBe('RECEIVED');
    expect((await ctx.visitor.backInStockNotifications.getBackInStockNotificationRequest(request.id)).request).toEqual(
      request,
    );
    const stranger = client(fixedAuth(ctx.people.memberB.auth));
    const hidden = await stranger.backInStockNotifications
      .getBackInStockNotificationRequest(request.id)
      .catch((e: unknown) => e);
    expect(isPlazaError(hidden) && hidden.status).toBe(404);

    const { counts } = await ctx.admin.backInStockNotifications.countBackInStockNotificationRequestsByCatalogReferences(
      [refOf(product)],
    );
    expect(counts).toEqual([{ catalogReference: refOf(product), openRequestsCount: 1 }]);
    // 60 references make a query string over 4000 characters: the SDK sends them as a POST instead.
    const many = await ctx.admin.backInStockNotifications.countBackInStockNotificationRequestsByCatalogReferences(
      Array.from({ length: 60 }, () => refOf(product)),
    );
    expect(many.counts).toHaveLength(60);
    expect(many.counts.every((c) => c.openRequestsCount === 1)).toBe(true);
    const page = await ctx.admin.backInStockNotifications.queryBackInStockNotificationRequests({
      status: ['RECEIVED'],
      catalogItemId: product.id,
      cursorPaging: { limit: 1 },
    });
    expect(page.requests.map((r) => r.id)).toEqual([request.id]);

    const { jobId, requestCount } = await ctx.admin.backInStockNotifications.reportItemsBackInStock({
      catalogReference: refOf(product),
      itemDetails: itemDetails(product.name),
    });
    expect(requestCount).toBe(1);
    await expect
      .poll(async () => (await ctx.admin.jobs.getJob(jobId)).job.status, { timeout: 15_000 })
      .toBe('COMPLETED');
    expect((await ctx.admin.jobs.getJob(jobId)).job.progress).toEqual({
      total: 1,
      processed: 1,
      succeeded: 1,
      failed: 0,
    });
    expect(await mailbox(ctx.srv, ctx.people.owner, email)).toHaveLength(1);

    const second = await ctx.visitor.backInStockNotifications.createBackInStockNotificationRequest(
      { email: shopperEmail('sdk2'), catalogReference: refOf(product) },
      itemDetails(),
    );
    const marked = await ctx.admin.backInStockNotifications.markAsNotificationSent(second.request.id);
    expect(marked.request).toMatchObject({ status: 'NOTIFICATION_SENT', autoNotified: false });
    await ctx.visitor.backInStockNotifications.deleteBackInStockNotificationRequest(second.request.id);
    const gone = await ctx.admin.backInStockNotifications
      .getBackInStockNotificationRequest(second.request.id)
      .catch((e: unknown) => e);
    expect(isPlazaError(gone) && gone.status).toBe(404);
  });
});

describe('@plaza/sdk/ecom recommendations', () => {
  it('lists the algorithms and recommends', async () => {
    await createProduct(ctx.srv, ctx.people.owner, { name: 'Recommended mug' });
    const { availableAlgorithms } = await ctx.visitor.recommendations.listAvailableAlgorithms();
    expect(availableAlgorithms.map((a) => a.algorithmInfo.algorithmId)).toEqual(['RELATED_ITEMS', 'GLOBAL']);
    const { recommendation } = await ctx.visitor.recommendations.getRecommendation({
      algorithms: [{ algorithmId: 'GLOBAL' }],
      minimumRecommendedItems: 2,
    });
    expect(recommendation.items.length).toBeGreaterThanOrEqual(1);
    expect(recommendation.items.every((i) => i.algorithmId === 'GLOBAL')).toBe(true);
  });
});
