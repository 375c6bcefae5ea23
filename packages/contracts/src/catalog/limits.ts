/** Catalog limits and ids, shared by the server's schemas and the web app's forms (no schemas here). */

/** The app id of Plaza's own catalog in a line item's `catalogReference`. */
export const PLAZA_CATALOG_APP_ID = 'plaza-catalog';

/**
 * The hosted platform's Stores catalog app id: code written for the platform names catalog items by it, so it is
 * an alias of Plaza's catalog wherever a catalog reference comes in (stored and answered as `plaza-catalog`).
 */
export const STORES_CATALOG_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

/** The catalog an app id names: the Stores alias is Plaza's catalog; any other id is itself. */
export const canonicalCatalogAppId = (appId: string): string =>
  appId === STORES_CATALOG_APP_ID ? PLAZA_CATALOG_APP_ID : appId;

export const CATALOG_LIMITS = {
  nameMax: 200,
  slugMax: 100,
  descriptionMax: 20_000,
  richTextNodesMax: 500,
  mediaMax: 20,
  optionsMax: 6,
  choicesMax: 50,
  variantsMax: 300,
  collectionsPerProductMax: 50,
  skuMax: 64,
} as const;
