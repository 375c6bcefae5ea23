import type { Config } from './config/index.js';
import type { Database } from './kernel/db.js';
import { withStartupLock } from './db/migrate.js';
import { seedDemoCommunity } from './demo.js';
import { ensureOwner } from './platform/members/index.js';
import { ensureSite } from './platform/site/index.js';
import { ensureWebClient } from './platform/oauth/index.js';

export interface SeedResult {
  siteCreated: boolean;
  webClientCreated: boolean;
  /** Present only when the owner was created by this run: the one time its password is shown. */
  owner?: { id: string; email: string; password: string };
}

/**
 * Demo data for a new site: settings, the owner, the web app's OAuth client. Safe to run on every start:
 * each step only fills what is missing (and keeps the web client's URIs in step with PLAZA_PUBLIC_URL). Under the
 * start-up lock: nodes starting together on an empty PostgreSQL would otherwise each create an owner.
 */
export async function seed(
  database: Database,
  config: Config,
  /** `demo`: on a new site, also add demo members and store reviews (`npm start`; tests start empty). */
  opts: { devOrigins?: string[]; ownerPassword?: string; demo?: boolean } = {},
): Promise<SeedResult> {
  return withStartupLock(database, () => seedUnlocked(database, config, opts));
}

async function seedUnlocked(
  database: Database,
  config: Config,
  opts: { devOrigins?: string[]; ownerPassword?: string; demo?: boolean },
): Promise<SeedResult> {
  const { db } = database;
  const siteCreated = await ensureSite(db, {
    name: 'Plaza Demo Store',
    currency: 'USD',
    locale: 'en-US',
    timeZone: 'UTC',
  });
  const webClientCreated = await ensureWebClient(db, config.publicUrl, opts.devOrigins);
  const owner = await ensureOwner(db, opts.ownerPassword ? { password: opts.ownerPassword } : {});
  if (opts.demo && owner) await seedDemoCommunity(database, config, owner.id);
  return { siteCreated, webClientCreated, ...(owner ? { owner } : {}) };
}
