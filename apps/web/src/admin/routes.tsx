import { Route, Routes } from 'react-router';
import { AdminLayout } from './AdminLayout.js';
import { OverviewPage } from './OverviewPage.js';
import { SettingsPage } from './SettingsPage.js';
import { AdminNotFound } from './AdminNotFound.js';

/** Entry of the dashboard chunk: the routes under /admin, relative to it. */
export default function AdminApp() {
  return (
    <Routes>
      <Route element={<AdminLayout />}>
        <Route index element={<OverviewPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<AdminNotFound />} />
      </Route>
    </Routes>
  );
}
