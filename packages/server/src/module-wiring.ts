import { withTx, type Ctx } from './kernel/context.js';
import { onDeliveriesWritten } from './platform/events/index.js';
import { onVerifiedSignIn, useIdentityMembers, useSessionTokens } from './platform/identity/index.js';
import {
  insertMember,
  memberApprovalDecided,
  memberSignedIn,
  memberStanding,
  onMemberContentHandOver,
  onMembersChanged,
} from './platform/members/index.js';
import {
  identitiesHoldingTokens,
  isClientOrigin,
  onVisitorSignedIn,
  revokeIdentityTokens,
  revokeSessionTokens,
} from './platform/oauth/index.js';
import { handOverReviews, reviewReads } from './platform/reviews/index.js';
import { nudgeDeliveries } from './platform/webhooks/index.js';
import { placementHandlers } from './placement-handlers.js';
import { notifyRestocked } from './store/back-in-stock/index.js';
import { mergeCartAtSignIn } from './store/cart/index.js';
import { catalogChanged, loadLineCatalog, onStockChanged, useShopperAccess } from './store/catalog/index.js';
import { hadReminderOut } from './store/abandoned-checkouts/index.js';
import {
  claimGuestOrders,
  usePlacementHandlers,
  usePlacementPayments,
  useReminderCheck,
} from './store/orders/index.js';
import { buyerProviderForToken, guardAuthorization, useMembershipCharges } from './store/payments/index.js';
import {
  chargeMemberships,
  memberOnlyAccess,
  membershipStage,
  planContractChanged,
  planLineSource,
} from './store/plans/index.js';
import { claimGuestContracts, onContractChanged } from './store/subscriptions/index.js';
import { discountStage } from './store/discounts/index.js';
import { giftCardStage } from './store/gift-cards/index.js';
import { feesStage, shippingStage } from './store/shipping/index.js';
import { useAppLines, useLineCatalog } from './store/pricing/index.js';
import { onTaxGroupDeleted, taxStage } from './store/tax/index.js';
import { tipStage } from './store/tips/index.js';
import { useTotalsStages } from './store/totals/index.js';

/**
 * Connects modules that react to one another: each exposes a hook, and this root file (not the module) knows who
 * answers it, so no module imports one that sits above it. buildApp calls it before the app serves anything.
 */
export function wireModules(): void {
  // Identity sits below members and oauth: they answer for an identity's member and for its sessions' tokens.
  useIdentityMembers({
    standing: memberStanding,
    created: insertMember,
    signedIn: memberSignedIn,
    approvalDecided: memberApprovalDecided,
  });
  useSessionTokens({
    sessionEnded: revokeSessionTokens,
    identitySignedOut: revokeIdentityTokens,
    tokenHolders: identitiesHoldingTokens,
    isClientOrigin,
  });
  usePlacementHandlers(placementHandlers);
  // Payments sit above orders: the placement gets its providers and the authorization guard from here.
  // Placements take the buyer's tokens: a saved card is for renewals only.
  usePlacementPayments({ providerForToken: buyerProviderForToken, guardAuthorization });
  // The placement's commit asks abandoned checkouts whether the checkout had a reminder out.
  useReminderCheck(hadReminderOut);
  useTotalsStages({
    membership: membershipStage,
    discount: discountStage,
    shipping: shippingStage,
    fees: feesStage,
    tax: taxStage,
    tip: tipStage,
    giftCard: giftCardStage,
  });
  // charge-membership (payments) takes credits through plans, which sit above payments.
  useMembershipCharges(chargeMemberships);
  // Lines are priced from the catalog's products; the catalog prices with pricing's money, so it is handed down.
  useLineCatalog(loadLineCatalog);
  // Paid plans are sold as lines of their own app: pricing asks plans for them.
  useAppLines(planLineSource);
  // A plan's membership follows its subscription contract (renewed, paused, resumed, canceled).
  onContractChanged(planContractChanged);
  // Member-only products and collections: the plans module says which a caller reaches; the catalog applies it.
  useShopperAccess(memberOnlyAccess);
  // Products naming a deleted tax group fall back to the default group: this node's cached products go stale.
  onTaxGroupDeleted(() => catalogChanged());
  // Items back in stock notify the shoppers waiting for them.
  onStockChanged(notifyRestocked);
  // A proven address gets the orders and subscriptions bought as a guest with it.
  onVerifiedSignIn(claimGuestPurchases);
  // The visitor's cart joins the member's.
  onVisitorSignedIn(mergeCartAtSignIn);
  // Reviews show member names and belong to members: a change or a deletion reaches them.
  onMembersChanged(() => reviewReads.changed());
  onMemberContentHandOver(handOverReviews);
  // An event written on this node goes out without waiting a poll.
  onDeliveriesWritten(nudgeDeliveries);
}

/** Guest orders and subscription contracts move together: one transaction, orders first. */
function claimGuestPurchases(ctx: Ctx, memberId: string, email: string): Promise<number> {
  return withTx(ctx, async (tx) => {
    const orders = await claimGuestOrders(tx, memberId, email);
    await claimGuestContracts(tx, memberId, email);
    return orders;
  });
}
