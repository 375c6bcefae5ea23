/** Catalog limits and ids, shared by the server's schemas and the web app's forms (no schemas here). */

/** The app id of Plaza's own catalog in a line item's `catalogReference`. */
export const PLAZA_CATALOG_APP_ID = 'plaza-catalog';

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
