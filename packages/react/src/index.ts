export {
  PlazaProvider,
  usePlaza,
  createPlazaQueryClient,
  shouldRetry,
  type PlazaProviderProps,
  type Register,
  type RegisteredClient,
} from './context.js';
export { siteQueries, useSite, type SiteClient } from './site.js';
export { GraphQLQueryError, graphqlQueries, useGraphQL, type GraphQLClient } from './graphql.js';
export { authStore, claimsOf, useAuth, type AuthClient, type AuthLike, type AuthMember, type UseAuth } from './auth.js';
export {
  memberQueries,
  useInvalidateMembers,
  useMember,
  useMemberBySlug,
  useMembersQuery,
  useMyMember,
  type MembersClient,
} from './members.js';
export {
  nextPageRequest,
  reviewQueries,
  useInvalidateReviews,
  useRatingSummary,
  useReviewCount,
  useReviews,
  type ReviewsClient,
} from './reviews.js';
export { JOB_POLL_INTERVAL_MS, jobQueries, useJob, type JobsClient } from './jobs.js';
export {
  call,
  invalidating,
  usePlazaMutation,
  type FetchClient,
  type MutationCallbacks,
  type MutationFactory,
} from './call.js';
export { identityMutations, identityQueries } from './identity.js';
export { settingsMutations, settingsQueries } from './settings.js';
export {
  DELIVERY_POLL_INTERVAL_MS,
  servicePluginMutations,
  servicePluginQueries,
  webhookMutations,
  webhookQueries,
} from './webhooks.js';
export { mediaMutations, mediaQueries, mediaUploadClient, type MediaFileQuery, type MediaSelection } from './media.js';
export {
  enterpriseMediaMutations,
  enterpriseMediaQueries,
  type EnterpriseCategoryInput,
  type EnterpriseItemInput,
} from './enterprise-media.js';
export { mailboxQueries } from './mailbox.js';
export { shopQueries, storeQueries } from './store/roots.js';
export { catalogMutations, catalogQueries } from './store/catalog.js';
export { shopCatalogQueries } from './store/shop-catalog.js';
export { orderMutations, orderQueries, type ManualPaymentInput, type RefundInput } from './store/orders.js';
export {
  mySubscriptionMutations,
  mySubscriptionQueries,
  subscriptionMutations,
  subscriptionQueries,
  type SubscriptionAction,
} from './store/subscriptions.js';
export { backInStockMutations, backInStockQueries, type WaitingItem } from './store/back-in-stock.js';
export { abandonedCheckoutQueries } from './store/abandoned-checkouts.js';
export { digitalFileQueries } from './store/digital-files.js';
export { recommendationQueries } from './store/recommendations.js';
export {
  checkoutChangeKey,
  checkoutChangesSettled,
  checkoutMutations,
  checkoutQueries,
  paymentRequestQueries,
  shopOrderQueries,
  type CheckoutChange,
} from './store/shop.js';
export { taxMutations, taxQueries, type TaxRegionSave } from './store/tax.js';
export { discountMutations, discountQueries } from './store/discounts.js';
export { checkoutSettingsMutations, checkoutSettingsQueries, restocksByDefault } from './store/checkout-settings.js';
export {
  shippingMutations,
  shippingQueries,
  type PickupChanges,
  type PickupSave,
  type CarrierChanges,
  type FeeSave,
  type ShippingOptionChanges,
  type ShippingOptionSave,
} from './store/shipping.js';
export { giftCardMutations, giftCardQueries, type GiftCardQuery } from './store/gift-cards.js';
export { cartChanged, cartCount, cartQueries, useCartFollowsSignIn, type Cart } from './store/cart.js';
export { cartMutations, type CartAction } from './store/cart-changes.js';
export { tipMutations, tipQueries } from './store/tips.js';
export { planMutations, planQueries } from './store/plans.js';
export { paymentMutations, paymentQueries } from './store/payments.js';
