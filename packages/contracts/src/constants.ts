/**
 * The contracts' plain values, with no schemas: `import { REVIEW_LIMITS } from '@plaza/contracts/constants'`.
 * Importing a value from the package root would bring every TypeBox schema into a browser bundle (their top-level
 * `Type.Object(...)` calls can't be tree-shaken); types can come from the root, they are erased.
 */
export * from './identity/tags.js';
export * from './reviews/limits.js';
export * from './members/report-reasons.js';
