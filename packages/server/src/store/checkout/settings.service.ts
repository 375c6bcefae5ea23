import { eq, sql } from 'drizzle-orm';
import {
  CHECKOUT_SETTINGS_MASK_PATHS,
  type CheckoutSettings,
  type UpdateCheckoutSettingsRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import { AppError, violation } from '../../kernel/errors.js';
import { createReadCache } from '../../lib/cache.js';
import { applyFieldMask, checkFieldMask } from '../../lib/field-mask.js';
import { emitEvent } from '../../platform/events/index.js';
import { checkoutSettings } from './tables.js';

/** What a store starts with: open, medium logo at the side, stock taken when paid, abandoned after an hour. */
export const DEFAULT_CHECKOUT_SETTINGS: Omit<CheckoutSettings, 'updatedDate'> = {
  status: 'ACTIVE',
  logo: { size: 'MEDIUM', alignment: 'SIDE' },
  inventoryUpdateTrigger: 'ON_ORDER_PAID',
  restockAction: 'RESTOCK',
  abandonedCheckout: { after: 1, unit: 'HOURS' },
  policies: {},
  customFields: [],
};

// Read on every checkout answer (custom fields) and every create (status): cached like the site settings.
const cache = createReadCache<CheckoutSettings>(2000, 500, { inTransactions: true });

export async function getCheckoutSettings(ctx: Ctx): Promise<CheckoutSettings> {
  return cache.get(ctx, 'checkout-settings', async () => {
    const [row] = await ctx.db.select().from(checkoutSettings).where(eq(checkoutSettings.id, 1)).limit(1);
    return {
      ...DEFAULT_CHECKOUT_SETTINGS,
      ...row?.settings,
      updatedDate: (row?.updatedDate ?? new Date(0)).toISOString(),
    };
  });
}

/**
 * order.restock-default: whether canceling or refunding an order puts its items back in stock when the caller does
 * not say (`restockAllItems` absent on cancel, no `restockInfo` on a refund): the checkout setting `restockAction`,
 * RESTOCK (the default) or DECREASE (the items stay out of stock).
 */
export async function restockByDefault(ctx: Ctx): Promise<boolean> {
  return (await getCheckoutSettings(ctx)).restockAction !== 'DECREASE';
}

/** Refuses new checkouts while the owner has checkout switched off. */
export async function assertCheckoutOpen(ctx: Ctx): Promise<void> {
  if ((await getCheckoutSettings(ctx)).status === 'INACTIVE') {
    throw new AppError('CONFLICT', 'Checkout is switched off for this store (checkout settings status INACTIVE)', {
      applicationCode: 'CHECKOUT_INACTIVE',
    });
  }
}

export async function updateCheckoutSettings(ctx: Ctx, req: UpdateCheckoutSettingsRequest): Promise<CheckoutSettings> {
  const paths = req.fieldMask.paths;
  checkFieldMask(paths, CHECKOUT_SETTINGS_MASK_PATHS, req.checkoutSettings, 'checkoutSettings');
  const keys = (req.checkoutSettings.customFields ?? []).map((f) => f.key);
  const dup = keys.findIndex((k, i) => keys.indexOf(k) !== i);
  if (paths.includes('customFields') && dup >= 0) {
    throw violation(`checkoutSettings.customFields[${dup}].key`, 'VALIDATION', `key "${keys[dup]}" is used twice`);
  }
  return withTx(ctx, async (tx) => {
    // Lock (or create) the one row so two PATCHes of different paths both apply.
    await tx.db.execute(
      sql`INSERT INTO checkout_settings (id, settings) VALUES (1, '{}'::jsonb) ON CONFLICT (id) DO NOTHING`,
    );
    const [row] = await tx.db.select().from(checkoutSettings).where(eq(checkoutSettings.id, 1)).for('update');
    const current = { ...DEFAULT_CHECKOUT_SETTINGS, ...row!.settings };
    const next = applyFieldMask(current, req.checkoutSettings as Record<string, unknown>, paths);
    const now = tx.clock();
    await tx.db.update(checkoutSettings).set({ settings: next, updatedDate: now }).where(eq(checkoutSettings.id, 1));
    const entity: CheckoutSettings = { ...next, updatedDate: now.toISOString() };
    await emitEvent(tx, {
      type: 'ecom.checkout_settings.updated',
      entityId: 'checkout-settings',
      entity,
      modifiedFields: paths,
    });
    return entity;
  }).finally(() => cache.changed());
}
