import { describe, expect, it } from 'vitest';
import { TAX_FALLBACK } from '@plaza/contracts';
import { responseOrFallback, servicePluginError, taxOrFallback } from './fallbacks.js';
import { SAMPLE_REQUESTS } from './samples.js';

const failed = { ok: false as const, reason: 'TIMEOUT' as const };

describe('service plugin fallbacks (as documented in SERVICE_PLUGIN_FALLBACKS)', () => {
  it.each([
    ['getShippingRates', { shippingRates: [] }],
    ['calculateAdditionalFees', { additionalFees: [], currency: 'USD' }],
    ['getValidationViolations', { violations: [] }],
    ['listTriggers', { customTriggers: [] }],
    ['getEligibleTriggers', { eligibleTriggers: [] }],
  ] as const)('%s falls back to %j', (method, expected) => {
    const request = SAMPLE_REQUESTS[method];
    expect(responseOrFallback(method, request as never, failed)).toEqual({
      source: 'FALLBACK',
      reason: 'TIMEOUT',
      response: expected,
    });
  });

  it('tax falls back to FALLBACK_RATE with AUTO_TAX_FAILED, and passes an answer through', () => {
    expect(taxOrFallback({ ok: false, reason: 'CIRCUIT_OPEN' })).toEqual(TAX_FALLBACK);
    const response = { currency: 'USD', lineItemTaxDetails: [] };
    expect(taxOrFallback({ ok: true, response })).toEqual({ calculationType: 'AUTO', response });
  });

  it("an application error is not a fallback: a 400 with the app's code and status (tax, triggers)", () => {
    const appError = { code: 'NO_NEXUS', description: 'No tax nexus in this state', status: 409 };
    expect(() => taxOrFallback({ ok: false, reason: 'APP_ERROR', appError })).toThrow(
      'The tax app refused: No tax nexus in this state',
    );
    expect(() =>
      responseOrFallback('getEligibleTriggers', SAMPLE_REQUESTS.getEligibleTriggers, {
        ok: false,
        reason: 'APP_ERROR',
        appError,
      }),
    ).toThrow('The discount triggers app refused');
    expect(servicePluginError('TAX_CALCULATION', appError).toBody()).toEqual({
      message: 'The tax app refused: No tax nexus in this state',
      details: {
        applicationError: {
          code: 'NO_NEXUS',
          description: 'The tax app refused: No tax nexus in this state',
          data: { pluginType: 'TAX_CALCULATION', appStatus: 409 },
        },
      },
    });
  });
});
