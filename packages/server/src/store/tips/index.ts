// Tips: the shop's tip settings and the totals stage that adds the buyer's tip.
export { tipsRoutes } from './routes.js';
export { tipStage } from './stage.js';
