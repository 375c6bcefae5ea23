// Shipping regions, options, pickup and carriers, and the totals engine's shipping and fees stages.
export { createOption } from './options.service.js';
export { createRegion } from './regions.service.js';
export { shippingRoutes } from './routes.js';
export { feesStage, shippingStage } from './stage.js';
