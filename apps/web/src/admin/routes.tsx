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
import { MembersPage } from './members/MembersPage.js';
import { ReportsPage } from './members/ReportsPage.js';
import { OAuthClientsPage } from './OAuthClientsPage.js';
import { OverviewPage } from './OverviewPage.js';
import { ReviewRequestsPage } from './reviews/ReviewRequestsPage.js';
import { ReviewsPage } from './reviews/ReviewsPage.js';
import { CommunitySettingsPage, DevelopersCard, GeneralSettingsPage, SignInSettingsPage } from './SettingsPage.js';
import { SsoPage } from './SsoPage.js';
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
            <Route path="mailbox" element={<MailboxPage />} />
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
