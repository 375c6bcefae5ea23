import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Whether the statements of the current async work may read from a replica, and how fresh that replica must be.
 * Only GET/HEAD requests open a scope (app.ts); background work, CLI and writes have none and use the primary.
 */
export interface ReadScope {
  /** Set once the request writes (or opens a transaction): the rest of it reads the primary. */
  primaryOnly: boolean;
  /** The caller's consistency token carried the primary's WAL position after their write: a replica needs it. */
  minLsn?: bigint;
  /** A token without a WAL position (ms since epoch): replicas only once it is older than their lag bound. */
  tokenMs?: number;
}

const scopes = new AsyncLocalStorage<ReadScope | undefined>();

/**
 * Sets the scope for the rest of the current request's async work: a read scope (primary-only until the caller
 * sets `primaryOnly = false`) for a token, none for `undefined` (a write request). Call it before the hook's first
 * `await`: the store reaches the handler through the promise chain started there.
 */
export function startReadScope(token: { minLsn?: bigint; tokenMs?: number } | undefined): ReadScope | undefined {
  const scope: ReadScope | undefined = token && { primaryOnly: true, ...token };
  scopes.enterWith(scope);
  return scope;
}

export const currentReadScope = (): ReadScope | undefined => scopes.getStore();

/**
 * Runs `fn` on the primary whatever the request: node-wide caches stamp what they load with the time of loading,
 * which only the primary's data is sure to be current at.
 */
export function onPrimary<T>(fn: () => Promise<T>): Promise<T> {
  return scopes.getStore() ? scopes.run(undefined, fn) : fn();
}

/** Quoted identifiers, string literals and comments: what a keyword test must not look inside. */
const QUOTED = /"(?:[^"]|"")*"|'(?:[^']|'')*'|--[^\n]*|\/\*[\s\S]*?\*\//g;
/** Row locks, writes, sequences, locks and any pg_* function (some only run on a primary, some change state). */
const WRITES =
  /\b(insert|update|delete|merge|into|truncate|copy|lock|for\s+(no\s+key\s+)?update|for\s+(key\s+)?share|nextval|setval|currval|lastval|set_config|txid_\w+|lo_\w+|pg_\w+|dblink\w*)\b/i;

/**
 * Whether a statement only reads, so a replica may answer it: a plain SELECT or WITH … SELECT with no row lock,
 * data-changing clause, sequence, advisory lock or other pg_* function. Conservative on purpose: a read it refuses
 * merely goes to the primary.
 */
export function isReadOnlyStatement(text: string): boolean {
  const bare = text.replace(QUOTED, ' ').trim();
  return /^\(*\s*(select|with)\b/i.test(bare) && !WRITES.test(bare) && !bare.includes(';');
}

/** `0/16B3748` (pg_lsn text) as a number; undefined when it is not one. */
export function parseLsn(text: string): bigint | undefined {
  const m = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  return m ? (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`) : undefined;
}

export const formatLsn = (lsn: bigint): string =>
  `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;

/**
 * A consistency token: `<ms base36>` or `<ms base36>.<lsn>` (the WAL position after the write, when the server
 * has replicas). `parseInt(token, 36)` still reads the ms part, which is what the read caches compare.
 */
export function parseConsistencyToken(token: string): { tokenMs?: number; minLsn?: bigint } {
  const [ms, lsn] = token.split('.', 2);
  const tokenMs = parseInt(ms ?? '', 36);
  const minLsn = lsn ? parseLsn(lsn) : undefined;
  return { ...(Number.isFinite(tokenMs) ? { tokenMs } : {}), ...(minLsn !== undefined ? { minLsn } : {}) };
}

export const consistencyToken = (ms: number, lsn?: bigint): string =>
  lsn === undefined ? ms.toString(36) : `${ms.toString(36)}.${formatLsn(lsn)}`;
