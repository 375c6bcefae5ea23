import { describe, expect, it } from 'vitest';
import type { ListMembersResponse } from '@plaza/contracts';
import { call } from '../../test/http.js';
import { serverSuite } from '../test/suite.js';
import { withTx } from '../kernel/context.js';
import { createReadCache } from './cache.js';

const { srv, c: people } = serverSuite({ cast: true });

describe('read cache', () => {
  it('serves a kept value until a change, the TTL or a newer consistency token', async () => {
    const cache = createReadCache<number>(60_000);
    const ctx = srv.ctx();
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get(ctx, 'k', load)).toBe(1);
    expect(await cache.get(ctx, 'k', load)).toBe(1);
    cache.changed();
    expect(await cache.get(ctx, 'k', load)).toBe(2);
    // A caller who wrote after the entry was read gets a fresh read.
    expect(await cache.get({ ...ctx, consistencyMs: Date.now() + 1 }, 'k', load)).toBe(3);
    const short = createReadCache<number>(1);
    await short.get(ctx, 'k', load);
    await new Promise((r) => setTimeout(r, 5));
    expect(await short.get(ctx, 'k', load)).toBe(5);
  });

  it('lets callers that miss at the same moment share one read, but not one begun before a change', async () => {
    const cache = createReadCache<number>(60_000);
    const ctx = srv.ctx();
    let loads = 0;
    const load = async () => {
      await new Promise((r) => setTimeout(r, 20));
      return ++loads;
    };
    const together = await Promise.all(Array.from({ length: 50 }, () => cache.get(ctx, 'k', load)));
    expect(together).toEqual(Array(50).fill(1));
    expect(loads).toBe(1);
    const before = cache.get(ctx, 'j', load);
    cache.changed();
    const after = cache.get(ctx, 'j', load);
    expect(await before).toBe(2);
    expect(await after).toBe(3);
    // A caller who wrote after a shared read began gets a read of its own.
    const shared = cache.get(ctx, 'i', load);
    const mine = cache.get({ ...ctx, consistencyMs: Date.now() + 1 }, 'i', load);
    expect(new Set([await shared, await mine]).size).toBe(2);
  });

  it('never makes a transaction wait on a read another caller began', async () => {
    // A read outside a transaction may wait for a pool connection that every transaction holds: a transaction that
    // joined it would never give its connection back.
    const settings = createReadCache<string>(60_000, 10, { inTransactions: true });
    const ctx = srv.ctx();
    let release!: (v: string) => void;
    const stuck = settings.get(ctx, 'k', () => new Promise<string>((r) => (release = r)));
    const inTx = await withTx(ctx, (tx) => settings.get(tx, 'k', async () => 'read in the transaction'));
    expect(inTx).toBe('read in the transaction');
    release('read outside');
    expect(await stuck).toBe('read outside');
  });

  it('transactions read past it, unless it holds settings that may be read in them', async () => {
    const ctx = srv.ctx();
    let loads = 0;
    const load = async () => ++loads;
    const plain = createReadCache<number>(60_000);
    const settings = createReadCache<number>(60_000, 10, { inTransactions: true });
    await plain.get(ctx, 'k', load);
    await settings.get(ctx, 'k', load);
    expect(loads).toBe(2);
    await withTx(ctx, async (tx) => {
      expect(await plain.get(tx, 'k', load)).toBe(3); // read in the transaction
      expect(await settings.get(tx, 'k', load)).toBe(2); // the node's entry
    });
    settings.changed();
    await withTx(ctx, async (tx) => expect(await settings.get(tx, 'k', load)).toBe(4));
    expect(await settings.get(ctx, 'k', load)).toBe(4); // kept for the node
  });

  it('does not keep a value read while a change happened', async () => {
    const cache = createReadCache<number>(60_000);
    const ctx = srv.ctx();
    let n = 0;
    await cache.get(ctx, 'k', async () => {
      cache.changed();
      return ++n;
    });
    expect(await cache.get(ctx, 'k', async () => ++n)).toBe(2);
  });

  it('shows a block on the same node at once, and on another node to a caller holding the consistency token', async () => {
    const other = await srv.secondNode();
    try {
      const blocked = (url: string, headers: Record<string, string> = {}) =>
        call<ListMembersResponse>(url, 'POST', '/members/v1/members/query', {
          auth: people.owner,
          headers,
          body: { query: { filter: { status: 'BLOCKED' } } },
        }).then((r) => r.body.members.map((m) => m.id));
      expect(await blocked(srv.url)).not.toContain(people.memberA.id);
      expect(await blocked(other.url)).not.toContain(people.memberA.id);
      const res = await call(srv.url, 'POST', `/members/v1/members/${people.memberA.id}/block`, {
        auth: people.owner,
        body: {},
      });
      expect(res.status).toBe(200);
      expect(await blocked(srv.url)).toContain(people.memberA.id);
      const token = res.headers.get('x-plaza-consistency')!;
      expect(await blocked(other.url, { 'x-plaza-consistency': token })).toContain(people.memberA.id);
    } finally {
      await other.close();
    }
  });
});
