/**
 * The tax, gift card and tip modules against the real server (fresh database for this file): an `ecom` API key
 * configures everything through every SDK method; a visitor reads tip presets only; wrong callers and bad input fail
 * with a PlazaError naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast, type Cast } from '../../../server/src/test/community.js';
import { startTestServer } from '../../../server/src/test/harness.js';
import { ApiKeyStrategy, createClient } from '../../src/index.js';
import { giftCards } from '../../src/modules/ecom/gift-cards.js';
import { taxGroups, taxRegions, taxSettings } from '../../src/modules/ecom/tax.js';
import { tipSettings } from '../../src/modules/ecom/tips.js';
import { failure, fixedAuth, violationsOf } from './community-clients.js';

let srv: Awaited<ReturnType<typeof startTestServer>>;
let people: Cast;
const modules = { taxSettings, taxGroups, taxRegions, giftCards, tipSettings };
const client = (auth: ReturnType<typeof fixedAuth>) => createClient({ baseUrl: srv.url, auth, modules });
let admin: ReturnType<typeof client>;
let visitor: ReturnType<typeof client>;

beforeAll(async () => {
  srv = await startTestServer();
  people = await cast(srv);
  admin = client(ApiKeyStrategy({ apiKey: await srv.createApiKey(['ecom']) }));
  visitor = client(fixedAuth(people.visitor));
}, 90_000);
afterAll(async () => {
  await srv?.close();
});

describe('tax through the SDK', () => {
  it('settings, groups and regions: every method', async () => {
    const s = await admin.taxSettings.updateTaxSettings({ taxIncludedInPrices: true }, ['taxIncludedInPrices']);
    expect(s.taxSettings.taxIncludedInPrices).toBe(true);
    expect((await admin.taxSettings.getTaxSettings()).taxSettings.calculationMode).toBe('MANUAL');

    const { taxGroup } = await admin.taxGroups.createTaxGroup({ name: 'Books' });
    await admin.taxGroups.updateTaxGroup(taxGroup.id, { isDefault: true }, ['isDefault']);
    expect((await admin.taxGroups.getTaxGroup(taxGroup.id)).taxGroup.isDefault).toBe(true);
    expect((await admin.taxGroups.listTaxGroups()).taxGroups).toHaveLength(1);

    const { taxRegion } = await admin.taxRegions.createTaxRegion({
      country: 'US',
      subdivision: 'US-CA',
      jurisdictions: [{ name: 'California', type: 'STATE', rate: '0.06' }],
      groupOverrides: [{ taxGroupId: taxGroup.id, rate: '0.05' }],
    });
    const upd = await admin.taxRegions.updateTaxRegion(taxRegion.id, { subdivision: null }, ['subdivision']);
    expect(upd.taxRegion.subdivision).toBeUndefined();
    expect((await admin.taxRegions.getTaxRegion(taxRegion.id)).taxRegion.groupOverrides).toHaveLength(1);
    expect((await admin.taxRegions.listTaxRegions()).taxRegions).toHaveLength(1);
    await admin.taxGroups.deleteTaxGroup(taxGroup.id);
    expect((await admin.taxRegions.getTaxRegion(taxRegion.id)).taxRegion.groupOverrides).toEqual([]);
    await admin.taxRegions.deleteTaxRegion(taxRegion.id);
    expect((await failure(admin.taxRegions.getTaxRegion(taxRegion.id))).status).toBe(404);
  });

  it('a visitor is refused (403); bad input is a 400 naming the field and rule', async () => {
    expect((await failure(visitor.taxRegions.listTaxRegions())).status).toBe(403);
    const bad = await failure(
      admin.taxRegions.createTaxRegion({ country: 'US', subdivision: 'CA-ON', jurisdictions: [] }),
    );
    expect(violationsOf(bad)).toEqual(['taxRegion.subdivision:VALIDATION']);
  });
});

describe('gift cards through the SDK', () => {
  it('create (code shown once), list by last characters, get, update, delete', async () => {
    const { giftCard } = await admin.giftCards.createGiftCard({ initialBalance: { amount: '25.00' } });
    expect(giftCard.code).toBeTruthy();
    const { giftCards: found, total } = await admin.giftCards.listGiftCards({ codeEndsWith: giftCard.last4 });
    expect(total).toBeGreaterThanOrEqual(1);
    expect(found.map((g) => g.id)).toContain(giftCard.id);
    const { giftCard: got } = await admin.giftCards.getGiftCard(giftCard.id);
    expect(got.code).toBeUndefined();
    expect(got.balance.amount).toBe('25.00');
    const upd = await admin.giftCards.updateGiftCard(giftCard.id, { disabled: true }, ['disabled']);
    expect(upd.giftCard.active).toBe(false);
    await admin.giftCards.deleteGiftCard(giftCard.id);
    expect((await failure(admin.giftCards.getGiftCard(giftCard.id))).status).toBe(404);
    expect((await failure(visitor.giftCards.listGiftCards())).status).toBe(403);
  });
});

describe('tip settings through the SDK', () => {
  it('the owner configures; a visitor sees the presets but not the staff', async () => {
    await admin.tipSettings.updateTipSettings(
      {
        enabled: true,
        presets: [{ id: 'p15', type: 'PERCENTAGE', value: '15', isDefault: true }],
        staff: [{ id: 'ana', name: 'Ana' }],
      },
      ['enabled', 'presets', 'staff'],
    );
    const seen = await visitor.tipSettings.getTipSettings();
    expect(seen.tipSettings).toMatchObject({ enabled: true, presets: [{ id: 'p15' }], staff: [] });
    expect((await admin.tipSettings.getTipSettings()).tipSettings.staff).toHaveLength(1);
    const refused = await failure(visitor.tipSettings.updateTipSettings({ enabled: false }, ['enabled']));
    expect(refused.status).toBe(403);
  });
});
