import type { Violation } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import { formatAmount } from '../pricing/index.js';
import { callServicePlugin, responseOrFallback } from '../../platform/service-plugins/index.js';
import type { TotalsInput } from './types.js';

/** The lines as service-plugin apps read them (VALIDATIONS, CUSTOM_TRIGGERS): prices as decimals. */
export const pluginLineItems = (input: TotalsInput) =>
  input.lines.map((l) => ({
    id: l.id,
    productName: l.name,
    quantity: l.quantity,
    price: formatAmount(l.unitPrice, input.currency),
    ...(l.catalogItemId ? { catalogReference: { catalogItemId: l.catalogItemId } } : {}),
  }));

/** The VALIDATIONS app's violations (none when no app is registered or it cannot answer: the fallback). */
export async function validationsStage(ctx: Ctx, input: TotalsInput): Promise<Violation[]> {
  const request = {
    sourceInfo: {
      source: input.source === 'ORDER' ? ('CHECKOUT' as const) : input.source,
      purchaseFlowId: input.purchaseFlowId,
    },
    validationInfo: {
      lineItems: pluginLineItems(input),
      ...(input.shippingAddress ? { shippingAddress: input.shippingAddress } : {}),
      ...(input.buyer
        ? {
            buyerDetails: {
              ...(input.buyer.email ? { email: input.buyer.email } : {}),
              ...(input.buyer.memberId ? { memberId: input.buyer.memberId } : {}),
            },
          }
        : {}),
    },
  };
  const result = await callServicePlugin(ctx, 'VALIDATIONS', request);
  if (!result.ok && result.reason === 'NOT_REGISTERED') return [];
  const { response } = responseOrFallback('getValidationViolations', request, result);
  return response.violations.map((v) => ({
    severity: v.severity,
    target:
      'lineItem' in v.target ? { lineItem: { id: v.target.lineItem.id } } : { other: { name: v.target.other.name } },
    description: v.description,
  }));
}
