// Gift cards: issued, looked up by code, spent by orders and refilled by refunds.
export { returnGiftCardBalance, reserveGiftCardBalance } from './service.js';
export { giftCardsRoutes } from './routes.js';
export { assertGiftCardApplied, giftCardStage } from './stage.js';
