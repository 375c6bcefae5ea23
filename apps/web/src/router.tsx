import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { StorefrontLayout } from './storefront/StorefrontLayout.js';
import { HomePage } from './storefront/HomePage.js';
import { NotFoundPage } from './storefront/NotFoundPage.js';
import { ErrorBoundary } from './ui/ErrorBoundary.js';
import { PageSkeleton } from './ui/PageSkeleton.js';

// The dashboard is one dynamic chunk, so the storefront never downloads it.
// Declarative routes rather than createBrowserRouter: the data router adds ~17 KB gzip that the
// 120 KB first-page budget cannot spare, and TanStack Query already does the data loading.
const AdminApp = lazy(() => import('./admin/routes.js'));

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    // An error on one page clears when the visitor navigates away.
    <ErrorBoundary resetKey={pathname}>
      <Routes>
        <Route element={<StorefrontLayout />}>
          <Route index element={<HomePage />} />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route
          path="/admin/*"
          element={
            <Suspense fallback={<PageSkeleton />}>
              <AdminApp />
            </Suspense>
          }
        />
      </Routes>
    </ErrorBoundary>
  );
}
