// Liveness and readiness probes.
export { healthRoutes, readyRoutes } from './routes.js';
