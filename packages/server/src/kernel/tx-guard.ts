import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * No remote call while a database transaction is open. A transaction holds row locks and, on the embedded database,
 * the only connection: a slow app, mail server or DNS answer would stop every other request for as long as it takes,
 * and a remote effect (a charge, a sent e-mail) cannot be rolled back with the rows. `withTx` marks the async work it
 * runs; every outgoing call asks `assertOutsideTransaction` first. On in tests and development, where it throws and
 * names the call; in production a violation is not worth failing a customer's request for, so it is silent.
 */
const openTransaction = new AsyncLocalStorage<string>();

const enabled = () => process.env.NODE_ENV !== 'production' || process.env.PLAZA_TX_GUARD === '1';

export class CallInTransactionError extends Error {
  constructor(call: string) {
    super(`${call} was called while a database transaction is open; make the call before or after the transaction`);
    this.name = 'CallInTransactionError';
  }
}

/** Runs `fn` marked as inside a transaction. */
export function markTransaction<T>(fn: () => Promise<T>): Promise<T> {
  return openTransaction.run('open', fn);
}

/** Throws (in tests and development) when the caller runs inside an open transaction. */
export function assertOutsideTransaction(call: string): void {
  if (openTransaction.getStore() && enabled()) throw new CallInTransactionError(call);
}
