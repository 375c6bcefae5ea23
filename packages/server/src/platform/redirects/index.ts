// Redirect sessions: where the hosted pages continue. Root files reach it here.
export { redirectRoutes } from './routes.js';
