/** The app id of plan lines: a cart line `{ catalogReference: { appId: PLAN_APP_ID, catalogItemId: planId } }`. */
export const PLAN_APP_ID = 'plaza-plans';
export const PLAN_LIMITS = { nameMax: 100, descriptionMax: 4000, benefitsMax: 20, targetsMax: 200 } as const;
