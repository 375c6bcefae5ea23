import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../storefront/NotFoundPage.js';
import CallbackPage from './CallbackPage.js';
import { HostedLayout } from './HostedLayout.js';
import HostedLoginPage from './HostedLoginPage.js';
import LogoutPage from './LogoutPage.js';
import SilentCallbackPage from './SilentCallbackPage.js';

/** Entry of the hosted pages' chunk: the routes under /auth (login, callback, logout). */
export default function HostedApp() {
  return (
    <Routes>
      <Route element={<HostedLayout />}>
        <Route path="login" element={<HostedLoginPage />} />
        <Route path="callback" element={<CallbackPage />} />
        <Route path="logout" element={<LogoutPage />} />
        <Route path="silent-callback" element={<SilentCallbackPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
