// Shoppers asking to hear when an item is back, and the mails that tell them.
export { backInStockJobHandlers } from './notify.jobs.js';
export { notifyRestocked } from './report.service.js';
export { backInStockRoutes } from './routes.js';
