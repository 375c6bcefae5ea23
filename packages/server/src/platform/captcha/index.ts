// Captcha challenges the site asks for under its sign-in and review policies. Other modules reach it here.
export { captchaRoutes } from './routes.js';
export { requireCaptcha } from './service.js';
