// Single sign-on through external OpenID providers. Root files reach it here.
export { ssoRoutes } from './routes.js';
