import { Type } from 'typebox';

/**
 * Amounts in requests. The server parses them in the site currency and rejects more decimals than it has; the
 * pattern only bounds the string ("19.99", "1000", "10.500"). Not exported from the package root.
 */
export const DecimalAmount = Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,4})?$' });

/** `{ amount: "4.99" }`, closed: a non-negative amount in the site currency. */
export const AmountInput = Type.Object({ amount: DecimalAmount }, { additionalProperties: false });
