import { describe, expect, it } from 'vitest';
import { consistencyToken, formatLsn, isReadOnlyStatement, parseConsistencyToken, parseLsn } from './read-scope.js';

describe('isReadOnlyStatement', () => {
  it.each([
    'select "id", "name" from "products" where "id" = $1',
    '  SELECT 1',
    'with "c" as (select * from "carts") select * from "c"',
    '(select 1) union (select 2)',
    'select "updated_at", "deleted" from "t" where "note" = \'insert into x\'',
    '/* a comment with update */ select 1 -- for update\n',
  ])('lets a replica answer %j', (text) => expect(isReadOnlyStatement(text)).toBe(true));

  it.each([
    'insert into "t" values ($1)',
    'update "t" set "a" = 1',
    'delete from "t"',
    'select * from "carts" where "id" = $1 for update',
    'select * from "jobs" for update skip locked',
    'select * from "t" for no key update',
    'select * from "t" for share',
    'select * from "t" for key share',
    'with "d" as (delete from "t" returning *) select * from "d"',
    'with "u" as (update "t" set "a" = 1 returning *) select 1',
    'select pg_advisory_xact_lock(1)',
    'select pg_current_wal_lsn()',
    "select nextval('s')",
    "select set_config('a', 'b', false)",
    'select * into "copy" from "t"',
    'select 1; delete from "t"',
    'begin',
    'lock table "t"',
    'explain analyze delete from "t"',
  ])('sends %j to the primary', (text) => expect(isReadOnlyStatement(text)).toBe(false));
});

describe('consistency tokens', () => {
  it('carry the ms part where parseInt(token, 36) reads it, and the WAL position after it', () => {
    const ms = 1_767_000_000_123;
    const token = consistencyToken(ms, parseLsn('1A/16B3748'));
    expect(token).toBe(`${ms.toString(36)}.1A/16B3748`);
    expect(parseInt(token, 36)).toBe(ms); // what the read caches compare (lib/cache.ts, config-cache.ts)
    expect(parseConsistencyToken(token)).toEqual({ tokenMs: ms, minLsn: (0x1an << 32n) | 0x16b3748n });
  });

  it('read a token without a WAL position (no replicas) and ignore a malformed one', () => {
    expect(consistencyToken(1000)).toBe('rs');
    expect(parseConsistencyToken('rs')).toEqual({ tokenMs: 1000 });
    expect(parseConsistencyToken('rs.nonsense')).toEqual({ tokenMs: 1000 });
    expect(parseConsistencyToken('!!')).toEqual({});
  });

  it('round-trip pg_lsn text', () => {
    for (const text of ['0/0', '0/16B3748', 'FFFFFFFF/FFFFFFFF']) expect(formatLsn(parseLsn(text)!)).toBe(text);
    expect(parseLsn('0/16B3748')! < parseLsn('1/0')!).toBe(true);
    expect(parseLsn('x/1')).toBeUndefined();
  });
});
