// The site's settings: its name, currency, locale, time zone and policies, read by nearly every module.
export { ensureSite, getSite, siteMoneySettings } from './service.js';
export { siteRoutes } from './routes.js';
