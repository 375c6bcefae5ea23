/**
 * The tax, gift card and tip modules against the real server (fresh database for this file): an `ecom` API key
 * configures everything through every SDK method; a visitor reads tip presets only; wrong callers and bad input fail
 * with a PlazaError naming the field.
 */
import { describe, expect, it } from 'vitest';
import { giftCards } from '../../src/modules/ecom/gift-cards.js';
import { taxGroups, taxRegions, taxSettings } from '../../src/modules/ecom/tax.js';
import { tipSettings } from '../../src/modules/ecom/tips.js';
import { failure, violationsOf } from './community-clients.js';
import { castClients } from './cast-server.js';

const { ctx } = castClients({ taxSettings, taxGroups, taxRegions, giftCards, tipSettings }, ['ecom']);

describe('tax through the SDK', () => {
  it('settings, groups and regions: every method', async () => {
    const s = await ctx.admin.taxSettings.updateTaxSettings({ taxIncludedInPrices: true }, ['taxIncludedInPrices']);
    expect(s.taxSettings.taxIncludedInPrices).toBe(true);
    expect((await ctx.admin.taxSettings.getTaxSettings()).taxSettings.calculationMode).toBe('MANUAL');

    const { taxGroup } = await ctx.admin.taxGroups.createTaxGroup({ name: 'Books' });
    await ctx.admin.taxGroups.updateTaxGroup(taxGroup.id, { isDefault: true }, ['isDefault']);
    expect((await ctx.admin.taxGroups.getTaxGroup(taxGroup.id)).taxGroup.isDefault).toBe(true);
    expect((await ctx.admin.taxGroups.listTaxGroups()).taxGroups).toHaveLength(1);

    const { taxRegion } = await ctx.admin.taxRegions.createTaxRegion({
      country: 'US',
      subdivision: 'US-CA',
      jurisdictions: [{ name: 'California', type: 'STATE', rate: '0.06' }],
      groupOverrides: [{ taxGroupId: taxGroup.id, rate: '0.05' }],
    });
    const upd = await ctx.admin.taxRegions.updateTaxRegion(taxRegion.id, { subdivision: null }, ['subdivision']);
    expect(upd.taxRegion.subdivision).toBeUndefined();
    expect((await ctx.admin.taxRegions.getTaxRegion(taxRegion.id)).taxRegion.groupOverrides).toHaveLength(1);
    expect((await ctx.admin.taxRegions.listTaxRegions()).taxRegions).toHaveLength(1);
    await ctx.admin.taxGroups.deleteTaxGroup(taxGroup.id);
    expect((await ctx.admin.taxRegions.getTaxRegion(taxRegion.id)).taxRegion.groupOverrides).toEqual([]);
    await ctx.admin.taxRegions.deleteTaxRegion(taxRegion.id);
    expect((await failure(ctx.admin.taxRegions.getTaxRegion(taxRegion.id))).status).toBe(404);
  });

  it('a visitor is refused (403); bad input is a 400 naming the field and rule', async () => {
    expect((await failure(ctx.visitor.taxRegions.listTaxRegions())).status).toBe(403);
    const bad = await failure(
      ctx.admin.taxRegions.createTaxRegion({ country: 'US', subdivision: 'CA-ON', jurisdictions: [] }),
    );
    expect(violationsOf(bad)).toEqual(['taxRegion.subdivision:VALIDATION']);
  });
});

describe('gift cards through the SDK', () => {
  it('create (code shown once), list by last characters, get, update, delete', async () => {
    const { giftCard } = await ctx.admin.giftCards.createGiftCard({ initialBalance: { amount: '25.00' } });
    expect(giftCard.code).toBeTruthy();
    const { giftCards: found, total } = await ctx.admin.giftCards.listGiftCards({ codeEndsWith: giftCard.last4 });
    expect(total).toBeGreaterThanOrEqual(1);
    expect(found.map((g) => g.id)).toContain(giftCard.id);
    const { giftCard: got } = await ctx.admin.giftCards.getGiftCard(giftCard.id);
    expect(got.code).toBeUndefined();
    expect(got.balance.amount).toBe('25.00');
    const upd = await ctx.admin.giftCards.updateGiftCard(giftCard.id, { disabled: true }, ['disabled']);
    expect(upd.giftCard.active).toBe(false);
    await ctx.admin.giftCards.deleteGiftCard(giftCard.id);
    expect((await failure(ctx.admin.giftCards.getGiftCard(giftCard.id))).status).toBe(404);
    expect((await failure(ctx.visitor.giftCards.listGiftCards())).status).toBe(403);
  });
});

describe('tip settings through the SDK', () => {
  it('the owner configures; a visitor sees the presets but not the staff', async () => {
    await ctx.admin.tipSettings.updateTipSettings(
      {
        enabled: true,
        presets: [{ id: 'p15', type: 'PERCENTAGE', value: '15', isDefault: true }],
        staff: [{ id: 'ana', name: 'Ana' }],
      },
      ['enabled', 'presets', 'staff'],
    );
    const seen = await ctx.visitor.tipSettings.getTipSettings();
    expect(seen.tipSettings).toMatchObject({ enabled: true, presets: [{ id: 'p15' }], staff: [] });
    expect((await ctx.admin.tipSettings.getTipSettings()).tipSettings.staff).toHaveLength(1);
    const refused = await failure(ctx.visitor.tipSettings.updateTipSettings({ enabled: false }, ['enabled']));
    expect(refused.status).toBe(403);
  });
});
