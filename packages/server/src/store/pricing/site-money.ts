import type { Ctx } from '../../kernel/context.js';
import { getSite } from '../../platform/site/index.js';
import { parseAmount, toMoney } from './money.js';

/** Money in the site's currency, for services that store minor units and answer wire Money. */
export interface SiteMoney {
  currency: string;
  money(minor: bigint | string): { amount: string; formattedAmount: string };
  parse(amount: string, field: string): bigint;
}

export async function siteMoney(ctx: Ctx): Promise<SiteMoney> {
  const site = await getSite(ctx);
  return {
    currency: site.currency,
    money: (minor) => toMoney(BigInt(minor), site.currency, site.locale),
    parse: (amount, field) => parseAmount(amount, site.currency, field),
  };
}
