// Products recommended next to a product or a cart.
export { recommendationsRoutes } from './routes.js';
