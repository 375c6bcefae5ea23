import { eq } from 'drizzle-orm';
import type { WebhookSettings } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { webhookSettings } from './tables.js';

const SETTINGS_ID = 1;

/** The site's webhook settings (defaults until the owner saves them). */
export async function getWebhookSettings(ctx: Ctx): Promise<WebhookSettings> {
  const [row] = await ctx.db.select().from(webhookSettings).where(eq(webhookSettings.id, SETTINGS_ID));
  return { allowPrivateTargets: row?.allowPrivateTargets ?? false };
}

export async function updateWebhookSettings(ctx: Ctx, settings: WebhookSettings): Promise<WebhookSettings> {
  const values = { allowPrivateTargets: settings.allowPrivateTargets, updatedDate: ctx.clock() };
  await ctx.db
    .insert(webhookSettings)
    .values({ id: SETTINGS_ID, ...values })
    .onConflictDoUpdate({ target: webhookSettings.id, set: values });
  return getWebhookSettings(ctx);
}

/**
 * Whether outgoing webhook requests may reach private and loopback addresses: always outside production (local
 * development and tests receive on 127.0.0.1), in production only when the owner turned it on.
 */
export async function allowPrivateTargets(ctx: Ctx): Promise<boolean> {
  if (ctx.config.nodeEnv !== 'production') return true;
  return (await getWebhookSettings(ctx)).allowPrivateTargets;
}
