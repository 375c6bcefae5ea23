/**
 * The plans module against the real server (fresh database for this file): the owner's `ecom` API key makes and edits
 * plans through the SDK, a visitor lists the public ones and reads a hidden one by its slug, and a member has no
 * memberships yet. Buying and granting are tested with the routes that do them.
 */
import { describe, expect, it } from 'vitest';
import { plans } from '../../src/modules/plans.js';
import { failure, violationsOf } from './community-clients.js';
import { castClients } from './cast-server.js';

const { ctx } = castClients({ plans }, ['ecom']);

describe('plans through the SDK', () => {
  it('the owner creates and edits plans; a visitor lists the public one and reads the hidden one by slug', async () => {
    const { plan } = await ctx.admin.plans.createPlan({ name: 'Coffee club', price: { amount: '20' } });
    expect(plan).toMatchObject({ slug: 'coffee-club', status: 'ACTIVE', visibility: 'PUBLIC', available: true });
    const { plan: hidden } = await ctx.admin.plans.createPlan({
      name: 'Friends',
      price: { amount: '0' },
      visibility: 'HIDDEN',
      benefits: [{ kind: 'FREE_SHIPPING', productIds: [], collectionIds: [] }],
    });
    const { plan: renamed } = await ctx.admin.plans.updatePlan(plan.id, { name: 'Coffee club+' }, ['name']);
    expect(renamed).toMatchObject({ name: 'Coffee club+', slug: 'coffee-club' });

    const listed = await ctx.visitor.plans.listPlans();
    expect(listed.plans.map((p) => p.id)).toEqual([plan.id]);
    expect((await ctx.visitor.plans.getPlan(plan.id)).plan.name).toBe('Coffee club+');
    expect((await ctx.visitor.plans.getPlanBySlug('friends')).plan.id).toBe(hidden.id);

    await ctx.admin.plans.archivePlan(plan.id);
    expect((await ctx.visitor.plans.listPlans()).plans).toEqual([]);
    expect((await failure(ctx.visitor.plans.getPlan(plan.id))).status).toBe(404);
    expect((await ctx.admin.plans.listPlans({ status: 'ARCHIVED' })).plans.map((p) => p.id)).toEqual([plan.id]);
    const { stats } = await ctx.admin.plans.getPlanStats(plan.id);
    expect(stats).toMatchObject({ buyers: 0, activeMemberships: 0, orders: 0, revenue: { amount: '0.00' } });
  });

  it('visitors cannot write; bad benefits are 400s naming the field; a member has no memberships yet', async () => {
    expect((await failure(ctx.visitor.plans.createPlan({ name: 'x', price: { amount: '1' } }))).status).toBe(403);
    const bad = await failure(
      ctx.admin.plans.createPlan({
        name: 'Broken',
        price: { amount: '5' },
        benefits: [{ kind: 'MEMBER_PRICE', productIds: [], collectionIds: [], wholeOrder: true }],
      }),
    );
    expect(violationsOf(bad)).toEqual(['plan.benefits[0].percentOff:VALIDATION']);
    expect((await ctx.member.plans.listMemberships()).memberships).toEqual([]);
    expect((await failure(ctx.visitor.plans.listMemberships())).status).toBe(403);
  });
});
