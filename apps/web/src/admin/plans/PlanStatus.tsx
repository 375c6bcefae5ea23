import type { Plan } from '@plaza/sdk/plans';
import { Badge } from '../../ui/Badge.js';

/** On sale, hidden (by its link only), sold out or archived. */
export function PlanStatus({ plan }: { plan: Plan }) {
  if (plan.status === 'ARCHIVED') return <Badge>Archived</Badge>;
  if (!plan.available) return <Badge tone="warning">Sold out</Badge>;
  if (plan.visibility === 'HIDDEN') return <Badge tone="accent">By link only</Badge>;
  return <Badge tone="success">On sale</Badge>;
}

/** "12", or "12 of 50" under a buyer limit. */
export const buyersWords = (plan: Plan) =>
  plan.buyerLimit ? `${plan.buyers} of ${plan.buyerLimit}` : String(plan.buyers);
