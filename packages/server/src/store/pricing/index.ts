// Money in the store (parsing, formatting and the decimals of a currency) and the pricing of lines: stored lines
// checked and priced from the catalog, shared by every module that prices.
export {
  appLineSource,
  lineQuantityMax,
  useAppLines,
  type AppLine,
  type AppLineSource,
  type LineSubscription,
} from './app-lines.js';
export {
  loadCatalog,
  newCatalogMemo,
  useLineCatalog,
  type CatalogMemo,
  type LineCatalog,
  type LineCatalogLoader,
} from './line-catalog.js';
export type { StoredLine, TotalsLine } from './line-types.js';
export { resolveLines, toStoredLines, type ResolvedLines } from './lines.js';
export { currencyDecimals, formatAmount, parseAmount, toMoney } from './money.js';
export { siteMoney, type SiteMoney } from './site-money.js';
