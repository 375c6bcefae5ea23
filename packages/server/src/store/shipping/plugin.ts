import type { PluginAddress, PluginLineItem } from '@plaza/contracts';
import { formatAmount } from '../pricing/index.js';
import type { TotalsInput, TotalsLine } from '../totals/index.js';

/** Lines and addresses as service-plugin apps see them. */
export const pluginLine = (l: TotalsLine, currency: string): PluginLineItem => ({
  id: l.id,
  productName: l.name,
  quantity: l.quantity,
  price: formatAmount(l.unitPrice, currency),
  ...(l.catalogItemId ? { catalogReference: { catalogItemId: l.catalogItemId } } : {}),
  ...(l.unitWeight ? { physicalProperties: { weight: l.unitWeight } } : {}),
  ...(l.taxGroupId ? { taxGroupId: l.taxGroupId } : {}),
});

export const pluginAddress = (a: NonNullable<TotalsInput['shippingAddress']>): PluginAddress => ({
  ...(a.country ? { country: a.country } : {}),
  ...(a.subdivision ? { subdivision: a.subdivision } : {}),
  ...(a.city ? { city: a.city } : {}),
  ...(a.postalCode ? { postalCode: a.postalCode } : {}),
  ...(a.addressLine ? { addressLine: a.addressLine } : {}),
});
