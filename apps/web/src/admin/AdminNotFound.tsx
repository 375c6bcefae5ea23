import { NotFoundPage } from '../storefront/NotFoundPage.js';

export function AdminNotFound() {
  return <NotFoundPage home="/admin" homeLabel="Back to the overview" />;
}
