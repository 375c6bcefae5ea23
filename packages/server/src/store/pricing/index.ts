// Money in the store: parsing, formatting and the decimals of a currency, shared by every module that prices.
export { currencyDecimals, formatAmount, parseAmount, toMoney } from './money.js';
