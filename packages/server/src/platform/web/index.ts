// The bundled web app: its static files and the runtime config it starts with.
export { webConfigRoutes } from './routes.js';
export { registerWebApp } from './static.js';
