import type { PLAZA_CATALOG_APP_ID as ServerAppId, CATALOG_LIMITS as ServerLimits } from '@plaza/contracts';

/**
 * The catalog's limits for the browser's checks. `@plaza/contracts/constants` does not carry them yet and the root
 * entry would pull the schemas into the bundle, so they are repeated here; the type is the server's own literal
 * type, so a number that drifts from the server's fails the typecheck.
 */
export const CATALOG_LIMITS: typeof ServerLimits = {
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
};

/** The app id of Plaza's own catalog in a catalog reference (typed by the server's constant, as above). */
export const PLAZA_CATALOG_APP_ID: typeof ServerAppId = 'plaza-catalog';
