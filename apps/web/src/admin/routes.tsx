import { Route, Routes } from 'react-router';
import { AdminGate } from './AdminGate.js';
import { AdminLayout } from './AdminLayout.js';
import { AdminNotFound } from './AdminNotFound.js';
import { ApiKeysPage } from './ApiKeysPage.js';
import { ApprovalsPage } from './ApprovalsPage.js';
import { ServicePluginsPage } from './developers/ServicePluginsPage.js';
import { WebhookPage } from './developers/WebhookPage.js';
import { WebhooksPage } from './developers/WebhooksPage.js';
import { MailboxPage } from './MailboxPage.js';
import { BrandLibraryPage } from './media/brand/BrandLibraryPage.js';
import { MediaPage } from './media/MediaPage.js';
import { MembersPage } from './members/MembersPage.js';
import { ReportsPage } from './members/ReportsPage.js';
import { OAuthClientsPage } from './OAuthClientsPage.js';
import { OverviewPage } from './OverviewPage.js';
import { ReviewRequestsPage } from './reviews/ReviewRequestsPage.js';
import { ReviewsPage } from './reviews/ReviewsPage.js';
import { CommunitySettingsPage, DevelopersCard, GeneralSettingsPage, SignInSettingsPage } from './SettingsPage.js';
import { SsoPage } from './SsoPage.js';
import { AbandonedCheckoutsPage } from './store/AbandonedCheckoutsPage.js';
import { SubscriptionsPage } from './store/SubscriptionsPage.js';
import { PlanFormPage } from './plans/PlanFormPage.js';
import { PlanPage } from './plans/PlanPage.js';
import { PlansPage } from './plans/PlansPage.js';
import { OrderPage } from './store/orders/OrderPage.js';
import { OrdersPage } from './store/orders/OrdersPage.js';
import { PackingSlipPage } from './store/orders/PackingSlip.js';
import { BackInStockPage } from './store/BackInStockPage.js';
import { CheckoutSettingsPage } from './store/checkout/CheckoutSettingsPage.js';
import { CheckoutTemplatesPage } from './store/checkout/CheckoutTemplatesPage.js';
import { CollectionsPage } from './store/CollectionsPage.js';
import { CouponsPage } from './store/discounts/CouponsPage.js';
import { RulesPage } from './store/discounts/RulesPage.js';
import { PaymentsPage } from './store/payments/PaymentsPage.js';
import { GiftCardsPage } from './store/gift-cards/GiftCardsPage.js';
import { ProductPage } from './store/ProductPage.js';
import { ProductsPage } from './store/ProductsPage.js';
import { CarriersPage } from './store/shipping/CarriersPage.js';
import { FeesPage } from './store/shipping/FeesPage.js';
import { ShippingPage } from './store/shipping/ShippingPage.js';
import { TaxPage } from './store/tax/TaxPage.js';
import { TipsPage } from './store/tips/TipsPage.js';
import { ToastProvider } from './Toast.js';

/** Entry of the dashboard chunk: the routes under /admin, relative to it; only for the owner and contributors. */
export default function AdminApp() {
  return (
    <AdminGate>
      <ToastProvider>
        <Routes>
          <Route element={<AdminLayout />}>
            <Route index element={<OverviewPage />} />
            <Route path="settings" element={<GeneralSettingsPage />} />
            <Route path="settings/sign-in" element={<SignInSettingsPage />} />
            <Route path="settings/community" element={<CommunitySettingsPage />} />
            <Route path="settings/checkout" element={<CheckoutSettingsPage />} />
            <Route path="settings/payments" element={<PaymentsPage />} />
            <Route path="settings/tips" element={<TipsPage />} />
            <Route path="mailbox" element={<MailboxPage />} />
            <Route path="store/orders" element={<OrdersPage />} />
            <Route path="store/orders/:orderId" element={<OrderPage />} />
            <Route path="store/orders/:orderId/packing-slip" element={<PackingSlipPage />} />
            <Route path="store/products" element={<ProductsPage />} />
            <Route path="store/products/:productId" element={<ProductPage />} />
            <Route path="store/collections" element={<CollectionsPage />} />
            <Route path="store/back-in-stock" element={<BackInStockPage />} />
            <Route path="store/abandoned-checkouts" element={<AbandonedCheckoutsPage />} />
            <Route path="store/subscriptions" element={<SubscriptionsPage />} />
            <Route path="store/plans" element={<PlansPage />} />
            <Route path="store/plans/new" element={<PlanFormPage />} />
            <Route path="store/plans/:planId" element={<PlanPage />} />
            <Route path="store/plans/:planId/edit" element={<PlanFormPage />} />
            <Route path="media" element={<MediaPage />} />
            <Route path="media/brand-library" element={<BrandLibraryPage />} />
            <Route path="store/shipping" element={<ShippingPage />} />
            <Route path="store/carriers" element={<CarriersPage />} />
            <Route path="store/fees" element={<FeesPage />} />
            <Route path="store/coupons" element={<CouponsPage />} />
            <Route path="store/discounts" element={<RulesPage />} />
            <Route path="store/gift-cards" element={<GiftCardsPage />} />
            <Route path="store/tax" element={<TaxPage />} />
            <Route path="store/buy-links" element={<CheckoutTemplatesPage />} />
            <Route path="members" element={<MembersPage />} />
            <Route path="reports" element={<ReportsPage />} />
            <Route path="approvals" element={<ApprovalsPage />} />
            <Route path="reviews" element={<ReviewsPage />} />
            <Route path="review-requests" element={<ReviewRequestsPage />} />
            <Route
              path="api-keys"
              element={
                <>
                  <ApiKeysPage />
                  <DevelopersCard />
                </>
              }
            />
            <Route path="oauth-clients" element={<OAuthClientsPage />} />
            <Route path="webhooks" element={<WebhooksPage />} />
            <Route path="webhooks/:subscriptionId" element={<WebhookPage />} />
            <Route path="service-plugins" element={<ServicePluginsPage />} />
            <Route path="sso" element={<SsoPage />} />
            <Route path="*" element={<AdminNotFound />} />
          </Route>
        </Routes>
      </ToastProvider>
    </AdminGate>
  );
}
