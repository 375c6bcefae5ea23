import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { StorefrontLayout } from './storefront/StorefrontLayout.js';
import { ErrorBoundary } from './ui/ErrorBoundary.js';
import { PageSkeleton } from './ui/PageSkeleton.js';

// The dashboard, the hosted pages and the account pages are dynamic chunks, so the first storefront page never
// downloads them. Declarative routes rather than createBrowserRouter: the data router adds ~17 KB gzip that the
// 120 KB first-page budget cannot spare, and TanStack Query already does the data loading.
// The home page is a chunk too: the catalog and product pages, where most visitors land from search, skip it.
// The not-found page is rare: its own chunk keeps it off every first page.
const HomePage = lazy(() => import('./storefront/HomePage.js').then((m) => ({ default: m.HomePage })));
const NotFoundPage = lazy(() => import('./storefront/NotFoundPage.js').then((m) => ({ default: m.NotFoundPage })));
const AdminApp = lazy(() => import('./admin/routes.js'));
// GraphiQL for the owner: its editor is the largest code of the app, so it is a chunk no other page loads.
const GraphQLExplorerPage = lazy(() => import('./graphql/GraphQLExplorerPage.js'));
const HostedApp = lazy(() => import('./hosted/routes.js'));
const LoginPage = lazy(() => import('./account/LoginPage.js'));
const SignUpPage = lazy(() => import('./account/SignUpPage.js'));
const ForgotPasswordPage = lazy(() => import('./account/ForgotPasswordPage.js'));
const ResetPasswordPage = lazy(() => import('./account/ResetPasswordPage.js'));
const SecurityPage = lazy(() => import('./account/SecurityPage.js'));
const VerifyEmailPage = lazy(() => import('./account/VerifyEmailPage.js'));
const ProfilePage = lazy(() => import('./account/ProfilePage.js'));
const OrdersPage = lazy(() => import('./account/OrdersPage.js'));
const SubscriptionsPage = lazy(() => import('./account/SubscriptionsPage.js'));
const DownloadsPage = lazy(() => import('./account/DownloadsPage.js'));
const MyPlansPage = lazy(() => import('./account/plans/MyPlansPage.js'));
const CommunityPage = lazy(() => import('./storefront/members/CommunityPage.js'));
const MemberProfilePage = lazy(() => import('./storefront/members/MemberProfilePage.js'));
// The store: each page its own chunk (the first page's budget has no room for them).
const CatalogPage = lazy(() => import('./storefront/store/CatalogPage.js'));
const ProductPage = lazy(() => import('./storefront/store/ProductPage.js'));
const CartPage = lazy(() => import('./storefront/store/CartPage.js'));
const CheckoutPage = lazy(() => import('./storefront/store/checkout/CheckoutPage.js'));
// Where Stripe's page sends the buyer back: rare, so its own chunk keeps it off the checkout's.
const StripeReturnPage = lazy(() => import('./storefront/store/checkout/StripeReturnPage.js'));
const PayPage = lazy(() => import('./storefront/store/checkout/PayPage.js'));
const BuyNowPage = lazy(() => import('./storefront/store/checkout/BuyNowPage.js'));
const PlansPage = lazy(() => import('./storefront/plans/PlansPage.js'));
const PlanPage = lazy(() => import('./storefront/plans/PlanPage.js'));
const OrderPage = lazy(() => import('./storefront/store/orders/OrderPage.js'));

function page(Page: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Page />
    </Suspense>
  );
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    // An error on one page clears when the visitor navigates away.
    <ErrorBoundary resetKey={pathname}>
      <Routes>
        <Route element={<StorefrontLayout />}>
          <Route index element={page(HomePage)} />
          <Route path="login" element={page(LoginPage)} />
          <Route path="signup" element={page(SignUpPage)} />
          <Route path="forgot-password" element={page(ForgotPasswordPage)} />
          <Route path="reset-password" element={page(ResetPasswordPage)} />
          <Route path="verify-email" element={page(VerifyEmailPage)} />
          <Route path="account/security" element={page(SecurityPage)} />
          <Route path="account/profile" element={page(ProfilePage)} />
          <Route path="account/orders" element={page(OrdersPage)} />
          <Route path="account/subscriptions" element={page(SubscriptionsPage)} />
          <Route path="account/downloads" element={page(DownloadsPage)} />
          <Route path="account/plans" element={page(MyPlansPage)} />
          <Route path="members" element={page(CommunityPage)} />
          <Route path="members/:slug" element={page(MemberProfilePage)} />
          <Route path="products" element={page(CatalogPage)} />
          <Route path="products/:slug" element={page(ProductPage)} />
          <Route path="plans" element={page(PlansPage)} />
          <Route path="plans/:slug" element={page(PlanPage)} />
          <Route path="cart" element={page(CartPage)} />
          <Route path="checkout/:checkoutId" element={page(CheckoutPage)} />
          <Route path="checkout/:checkoutId/paid" element={page(StripeReturnPage)} />
          <Route path="pay/:requestId" element={page(PayPage)} />
          <Route path="buy/:templateId" element={page(BuyNowPage)} />
          <Route path="orders/:orderId" element={page(OrderPage)} />
          <Route path="*" element={page(NotFoundPage)} />
        </Route>
        <Route path="/auth/*" element={page(HostedApp)} />
        <Route path="/admin/*" element={page(AdminApp)} />
        <Route path="/graphql/:apiVersion" element={page(GraphQLExplorerPage)} />
      </Routes>
    </ErrorBoundary>
  );
}
