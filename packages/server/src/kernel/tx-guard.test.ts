import { describe, expect, it } from 'vitest';
import { withTx } from './context.js';
import { serverSuite } from '../test/suite.js';
import { sendMail } from '../platform/mail/service.js';
import { testCardProvider } from '../store/payments/test-card.js';
import { resolveTarget } from '../lib/net-guard.js';
import { CallInTransactionError } from './tx-guard.js';

const { srv } = serverSuite();

describe('no remote call while a transaction is open (tests and development)', () => {
  const loopback = new URL('http://127.0.0.1:9/');

  it('refuses a connection, an e-mail and a card call inside a transaction, naming the call', async () => {
    const ctx = srv.ctx();
    await expect(withTx(ctx, () => resolveTarget(loopback, { allowPrivate: true }))).rejects.toThrow(
      /connecting to 127\.0\.0\.1:9 was called while a database transaction is open/,
    );
    const mail = { to: 'a@example.com', template: 'VERIFICATION_CODE' as const };
    await expect(
      withTx(ctx, () => sendMail(ctx, { ...mail, data: { siteName: 'S', code: '123456', minutes: 10 } })),
    ).rejects.toThrow(CallInTransactionError);
    const card = { providerTransactionId: 'x', transactionId: 'y' };
    await expect(withTx(ctx, () => testCardProvider.void(ctx, card))).rejects.toThrow(/voiding a card payment/);
  });

  it('lets the same calls through outside a transaction, and after one', async () => {
    const ctx = srv.ctx();
    await withTx(ctx, async () => undefined);
    await expect(resolveTarget(loopback, { allowPrivate: true })).resolves.toEqual({ address: '127.0.0.1', family: 4 });
    await expect(testCardProvider.void(ctx, { transactionId: 'y' })).resolves.toEqual({ ok: true });
  });
});
