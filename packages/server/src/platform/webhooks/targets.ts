import type { Ctx } from '../../kernel/context.js';
import { violation } from '../../kernel/errors.js';
import { BlockedAddressError, resolveTarget, type Resolver } from '../../lib/net-guard.js';
import { allowPrivateTargets } from './settings.js';

/** Injected by tests so the production check can be exercised without DNS. */
let resolverOverride: Resolver | undefined;
export const setTargetResolverForTests = (r: Resolver | undefined) => (resolverOverride = r);

/**
 * Refuses a URL whose host is (or resolves to) a private, loopback or otherwise internal address, unless private
 * targets are allowed (outside production, or by the owner's setting). Webhooks and service plugins both check here
 * when a URL is saved, and again at every call.
 */
export async function checkTarget(ctx: Ctx, url: string, field: string, who = 'webhooks'): Promise<void> {
  if (await allowPrivateTargets(ctx)) return;
  try {
    await resolveTarget(new URL(url), {
      allowPrivate: false,
      ...(resolverOverride ? { resolver: resolverOverride } : {}),
    });
  } catch (err) {
    if (err instanceof BlockedAddressError) {
      // In words a shop owner follows, with the way out: the setting that allows the shop's own network.
      throw violation(
        field,
        'FORMAT',
        `${field} is on the shop's own network (${err.message}), which ${who} may not reach: a private or loopback ` +
          `address. The owner can allow it under "Your own network" in the webhook settings ` +
          `(PATCH /webhooks/v1/settings { settings: { allowPrivateTargets: true } })`,
        { reason: 'OWN_NETWORK', setting: 'allowPrivateTargets' },
      );
    }
    throw violation(field, 'FORMAT', `${field} names a host that does not resolve (${new URL(url).hostname})`);
  }
}
