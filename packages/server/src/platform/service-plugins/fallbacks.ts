import {
  SERVICE_PLUGIN_METHODS,
  TAX_FALLBACK,
  type ServicePluginMethod,
  type ServicePluginRequest,
  type ServicePluginResponse,
  type ServicePluginType,
} from '@plaza/contracts';
import { AppError } from '../../kernel/errors.js';
import type { ServicePluginAppError, ServicePluginResult } from './call.js';

/**
 * Each method's answer when the app cannot give one (not registered, timeout, unreachable, bad answer, open circuit),
 * as documented in `SERVICE_PLUGIN_FALLBACKS`. Tax has no "empty" answer: its fallback is a marker telling the totals
 * engine to use the merchant's FALLBACK_RATE, with the reason AUTO_TAX_FAILED.
 */
/** Money moves have no stand-in answer: a payment app that cannot answer refuses the payment (payments/app-provider.ts). */
type PaymentMethod = 'authorizePayment' | 'capturePayment' | 'voidPayment' | 'refundPayment';
type WithEmptyAnswer = Exclude<ServicePluginMethod, 'calculateTax' | PaymentMethod>;

const FALLBACK_RESPONSES: {
  [M in WithEmptyAnswer]: (request: ServicePluginRequest<M>) => ServicePluginResponse<M>;
} = {
  getShippingRates: () => ({ shippingRates: [] }),
  calculateAdditionalFees: (request) => ({ additionalFees: [], currency: request.currency }),
  getValidationViolations: () => ({ violations: [] }),
  listTriggers: () => ({ customTriggers: [] }),
  getEligibleTriggers: () => ({ eligibleTriggers: [] }),
};

export type WithFallback<M extends ServicePluginMethod> =
  | { source: 'APP'; response: ServicePluginResponse<M> }
  | { source: 'FALLBACK'; reason: string; response: ServicePluginResponse<M> };

/**
 * The app's answer, or the method's fallback. An APP_ERROR is not a fallback case: it throws (see
 * servicePluginError), except for validations, where it becomes an ERROR violation on the whole purchase.
 */
export function responseOrFallback<M extends WithEmptyAnswer>(
  method: M,
  request: ServicePluginRequest<M>,
  result: ServicePluginResult<M>,
): WithFallback<M> {
  if (result.ok) return { source: 'APP', response: result.response };
  if (result.reason === 'APP_ERROR') {
    if (method === 'getValidationViolations') {
      const violation = {
        severity: 'ERROR' as const,
        target: { other: { name: 'OTHER_DEFAULT' as const } },
        description: result.appError!.description,
      };
      return { source: 'APP', response: { violations: [violation] } as ServicePluginResponse<M> };
    }
    throw servicePluginError(pluginTypeOf(method), result.appError!);
  }
  return { source: 'FALLBACK', reason: result.reason, response: FALLBACK_RESPONSES[method](request) };
}

/** Tax: the app's breakdown, or the FALLBACK_RATE marker with AUTO_TAX_FAILED. An APP_ERROR throws. */
export function taxOrFallback(
  result: ServicePluginResult<'calculateTax'>,
): { calculationType: 'AUTO'; response: ServicePluginResponse<'calculateTax'> } | typeof TAX_FALLBACK {
  if (result.ok) return { calculationType: 'AUTO', response: result.response };
  if (result.reason === 'APP_ERROR') throw servicePluginError('TAX_CALCULATION', result.appError!);
  return TAX_FALLBACK;
}

const LABELS: Record<ServicePluginType, string> = {
  SHIPPING_RATES: 'The shipping rates app',
  ADDITIONAL_FEES: 'The additional fees app',
  VALIDATIONS: 'The validations app',
  TAX_CALCULATION: 'The tax app',
  CUSTOM_TRIGGERS: 'The discount triggers app',
  PAYMENT_PROVIDER: 'The payment app',
};

/**
 * An app's application error as a clear 400 for Plaza's caller: the app's code is the applicationError code, its
 * words are the message, and its HTTP status is in `data.appStatus`.
 */
export function servicePluginError(type: ServicePluginType, appError: ServicePluginAppError): AppError {
  return new AppError('VALIDATION', `${LABELS[type]} refused: ${appError.description}`, {
    applicationCode: appError.code,
    data: { pluginType: type, appStatus: appError.status, ...(appError.data ? { appData: appError.data } : {}) },
  });
}

function pluginTypeOf(method: ServicePluginMethod): ServicePluginType {
  return SERVICE_PLUGIN_METHODS[method].type;
}
