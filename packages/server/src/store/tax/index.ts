// Tax: groups, regions and settings, and the totals engine's tax stage.
export { taxGroupExists } from './groups.service.js';
export { onTaxGroupDeleted } from './hooks.js';
export { taxRoutes } from './routes.js';
export { getTaxSettings } from './settings.service.js';
export { taxStage } from './stage.js';
export { checkTaxId } from './tax-id.js';
