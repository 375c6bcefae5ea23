import { getTableColumns, is, SQL } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cardPaymentRow } from './placement-rows.js';
import { PAYMENT_DEFAULTS } from './placement-rows.sql.js';
import { orderPayments } from './tables.js';

// jsonb_populate_recordset makes a missing key NULL, not the column's default: a column added to order_payments
// without a default here (or a writer's field) would be written NULL. These tests break first.

/** The fields every payment writer gives (placement-commit.ts, cardPaymentRow, renewals). */
const GIVEN_BY_WRITERS = ['id', 'orderId', 'method', 'provider', 'status', 'amountMinor', 'createdDate', 'updatedDate'];

const paymentColumns = getTableColumns(orderPayments);

describe('hand-written SQL of the placement: whole payment rows', () => {
  it('PAYMENT_DEFAULTS and the writers’ own fields are exactly the table’s columns', () => {
    const given = [...Object.keys(PAYMENT_DEFAULTS), ...GIVEN_BY_WRITERS].sort();
    expect(given).toEqual(Object.keys(paymentColumns).sort());
  });

  it('PAYMENT_DEFAULTS gives the column’s own default where it has one', () => {
    for (const [key, column] of Object.entries(paymentColumns)) {
      if (!column.hasDefault) continue;
      expect(PAYMENT_DEFAULTS).toHaveProperty(key);
      if (!is(column.default, SQL))
        expect(PAYMENT_DEFAULTS[key as keyof typeof PAYMENT_DEFAULTS]).toEqual(column.default);
    }
  });

  it('a card payment row over PAYMENT_DEFAULTS names every column', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    const row = {
      ...PAYMENT_DEFAULTS,
      ...cardPaymentRow(
        { id: 'p', orderId: 'o', createdDate: now, updatedDate: now },
        {
          charge: { status: 'PENDING', providerTransactionId: 't' },
          provider: 'TEST_CARD',
          dueNow: 100n,
          now,
          opts: {},
          executionDate: undefined,
        },
      ),
    };
    expect(Object.keys(row).sort()).toEqual(Object.keys(paymentColumns).sort());
  });
});
