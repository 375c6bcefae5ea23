import { eq } from 'drizzle-orm';
import {
  SITE_MASK_PATHS,
  type CommunityPolicy,
  type Site,
  type SignInPolicy,
  type UpdateSiteRequest,
} from '@plaza/contracts';
import { withTx, type Ctx } from '../../kernel/context.js';
import type { Db } from '../../kernel/db.js';
import { violation } from '../../kernel/errors.js';
import { createReadCache } from '../../lib/cache.js';
import { applyFieldMask, checkFieldMask } from '../../lib/field-mask.js';
import { siteSettings } from './tables.js';

/** Defaults of a new site (the sign-in issue: verification required, no owner approval, captcha after 5 failures). */
export const DEFAULT_SIGN_IN_POLICY: SignInPolicy = {
  emailVerificationRequired: true,
  ownerApprovalRequired: false,
  captchaMode: 'AFTER_FAILURES',
  captchaAfterFailures: 5,
};

/** Members join PUBLIC, and reviews wait for the owner's approval (the members issue's defaults). */
export const DEFAULT_COMMUNITY_POLICY: CommunityPolicy = { defaultPrivacyStatus: 'PUBLIC', reviewModeration: 'MANUAL' };

type Row = typeof siteSettings.$inferSelect;

const toSite = (r: Row): Site => ({
  name: r.name,
  currency: r.currency,
  locale: r.locale,
  timeZone: r.timeZone,
  signInPolicy: { ...DEFAULT_SIGN_IN_POLICY, ...r.signInPolicy },
  communityPolicy: { ...DEFAULT_COMMUNITY_POLICY, ...r.communityPolicy },
  createdDate: r.createdDate.toISOString(),
  updatedDate: r.updatedDate.toISOString(),
});

/** Read on nearly every request; see lib/cache.ts for how changes propagate. */
const siteCache = createReadCache<Site>(2000, 500, { inTransactions: true });

export async function getSite(ctx: Ctx): Promise<Site> {
  return siteCache.get(ctx, 'site', async () => {
    const [row] = await ctx.db.select().from(siteSettings).where(eq(siteSettings.id, 1)).limit(1);
    if (!row) throw new Error('Site settings are missing: run `plaza seed`');
    return toSite(row);
  });
}

/** Creates the settings row if there is none (first start). Returns true when it created it. */
export async function ensureSite(
  db: Db,
  initial: { name: string; currency: string; locale: string; timeZone: string },
): Promise<boolean> {
  const inserted = await db
    .insert(siteSettings)
    .values({ id: 1, ...initial, signInPolicy: DEFAULT_SIGN_IN_POLICY })
    .onConflictDoNothing()
    .returning({ id: siteSettings.id });
  return inserted.length > 0;
}

/**
 * The currency and locale read straight from a database handle, for data loading that runs without a Ctx (and maybe
 * before the first start: undefined when there are no settings yet).
 */
export async function siteMoneySettings(db: Db): Promise<{ currency: string; locale: string } | undefined> {
  const [site] = await db
    .select({ currency: siteSettings.currency, locale: siteSettings.locale })
    .from(siteSettings)
    .limit(1);
  return site;
}

function assertTimeZone(timeZone: string): void {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
  } catch {
    throw violation('site.timeZone', 'FORMAT', `site.timeZone "${timeZone}" is not an IANA time zone`);
  }
}

function assertCurrency(currency: string): void {
  if (!Intl.supportedValuesOf('currency').includes(currency)) {
    throw violation('site.currency', 'FORMAT', `site.currency "${currency}" is not an ISO 4217 currency code`);
  }
}

/** PATCH with a field mask: only the masked paths change; the row is locked so concurrent patches don't lose writes. */
export async function updateSite(ctx: Ctx, req: UpdateSiteRequest): Promise<Site> {
  checkFieldMask(req.fieldMask.paths, SITE_MASK_PATHS, req.site, 'site');
  const paths = req.fieldMask.paths;
  if (paths.includes('timeZone')) assertTimeZone(req.site.timeZone!);
  if (paths.includes('currency')) assertCurrency(req.site.currency!);
  if (paths.includes('locale')) {
    try {
      new Intl.Locale(req.site.locale!);
    } catch {
      throw violation('site.locale', 'FORMAT', `site.locale "${req.site.locale}" is not a BCP 47 language tag`);
    }
  }
  const site = await withTx(ctx, async (tx) => {
    const [row] = await tx.db.select().from(siteSettings).where(eq(siteSettings.id, 1)).for('update');
    if (!row) throw new Error('Site settings are missing');
    const current = toSite(row);
    const next = applyFieldMask(current, req.site, paths);
    const [updated] = await tx.db
      .update(siteSettings)
      .set({
        name: next.name,
        currency: next.currency,
        locale: next.locale,
        timeZone: next.timeZone,
        signInPolicy: next.signInPolicy,
        communityPolicy: next.communityPolicy,
        updatedDate: tx.clock(),
      })
      .where(eq(siteSettings.id, 1))
      .returning();
    return toSite(updated!);
  });
  siteCache.changed();
  return site;
}
