import type { ServicePluginMethod, ServicePluginRequest } from '@plaza/contracts';

const line = {
  id: 'sample-line-1',
  productName: 'Sample mug',
  quantity: 2,
  price: '12.50',
  physicalProperties: { weight: 0.4, sku: 'MUG-1' },
};
const address = { country: 'US', subdivision: 'US-CA', city: 'San Francisco', postalCode: '94103' };

/** What the dashboard's "test call" sends when the owner gives no request of their own. */
export const SAMPLE_REQUESTS: { [M in ServicePluginMethod]: ServicePluginRequest<M> } = {
  getShippingRates: { lineItems: [line], shippingDestination: address, currency: 'USD', weightUnit: 'KG' },
  calculateAdditionalFees: { lineItems: [line], shippingAddress: address, currency: 'USD' },
  getValidationViolations: {
    sourceInfo: { source: 'CHECKOUT' },
    validationInfo: { lineItems: [line], shippingAddress: address },
  },
  calculateTax: {
    currency: 'USD',
    addresses: [address],
    lineItems: [{ id: line.id, price: line.price, quantity: line.quantity, addressIndex: 0 }],
  },
  listTriggers: {},
  getEligibleTriggers: { triggers: [{ customTriggerId: 'sample-trigger', identifier: 'sample-1' }], lineItems: [line] },
  // A test call never names a real payment: the app sees the sample ids and should answer without moving money.
  authorizePayment: {
    transactionId: 'sample-transaction',
    paymentToken: 'sample-token',
    amount: '25.00',
    currency: 'USD',
    capture: false,
  },
  capturePayment: {
    transactionId: 'sample-transaction',
    providerTransactionId: 'sample-provider-transaction',
    amount: '25.00',
    currency: 'USD',
  },
  voidPayment: { transactionId: 'sample-transaction', providerTransactionId: 'sample-provider-transaction' },
  refundPayment: {
    transactionId: 'sample-transaction',
    providerTransactionId: 'sample-provider-transaction',
    amount: '25.00',
    currency: 'USD',
  },
};
