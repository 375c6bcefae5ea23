// The current cart of a visitor or member, and what happens to it at sign-in and when an order is placed.
export { mergeCartAtSignIn } from './merge.js';
export { cartNotFound, lockCurrentCart } from './service.js';
export { cartOnPlacement } from './on-placement.js';
export { cartRoutes } from './routes.js';
