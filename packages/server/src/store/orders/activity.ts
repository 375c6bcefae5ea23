import type { OrderActivity, OrderActivityType } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { uuidv7 } from '../../lib/ids.js';

/** A new entry of an order's activity log, dated now. */
export const activity = (ctx: Ctx, type: OrderActivityType, extra: Partial<OrderActivity> = {}): OrderActivity => ({
  id: uuidv7(ctx.clock().getTime()),
  type,
  createdDate: ctx.clock().toISOString(),
  ...extra,
});
