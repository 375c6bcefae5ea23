import type { Ctx } from '../../kernel/context.js';

/** Called after a tax group's deletion has committed: whatever cached the group's id (the catalog) drops it. */
export type TaxGroupDeletedHandler = (ctx: Ctx, groupId: string) => void;

let handlers: TaxGroupDeletedHandler[] = [];

/**
 * Registered by the app (src/module-wiring.ts): products naming a deleted group fall back to the default group (the
 * foreign key sets null), and the catalog, which sits above tax, keeps its cached products fresh through this.
 */
export function onTaxGroupDeleted(handler: TaxGroupDeletedHandler): void {
  handlers = [...handlers, handler];
}

export function taxGroupDeleted(ctx: Ctx, groupId: string): void {
  for (const handler of handlers) handler(ctx, groupId);
}
