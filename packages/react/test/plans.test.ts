import { describe, expect, it } from 'vitest';
import { MutationObserver, QueryObserver } from '@tanstack/react-query';
import { createPlazaQueryClient, planMutations, planQueries } from '../src/index.js';
import { fakeClient } from './fake-client.js';

const PLANS = ['plaza', 'admin', 'store', 'plans'];

describe('plan queries and mutations', () => {
  it('read through the plans routes under their own keys', async () => {
    const { client, sent, fetch } = fakeClient((path) =>
      path.endsWith('/stats') ? { stats: { buyers: 1 } } : { memberships: [{ id: 'm1' }], creditUses: [] },
    );
    expect(planQueries.list(client, { status: 'ACTIVE' }).queryKey).toEqual([...PLANS, 'list', { status: 'ACTIVE' }]);
    expect(planQueries.bySlug(client, 'club').queryKey).toEqual([...PLANS, 'slug', 'club']);
    expect(planQueries.myMemberships(client).queryKey).toEqual(['plaza', 'shop', 'my-memberships']);
    const qc = createPlazaQueryClient();
    expect(await qc.fetchQuery(planQueries.stats(client, 'p1'))).toEqual({ buyers: 1 });
    expect(await qc.fetchQuery(planQueries.myMemberships(client))).toEqual([{ id: 'm1' }]);
    await qc.fetchQuery(planQueries.creditUses(client, 'm1'));
    await new QueryObserver(qc, planQueries.bySlug(client, 'club')).refetch();
    expect(sent).toEqual([
      'GET /plans/v1/plans/p1/stats',
      'GET /plans/v1/memberships',
      'GET /plans/v1/memberships/m1/credit-uses',
      'GET /plans/v1/plans/by-slug/club',
    ]);
    expect(fetch.mock.calls[1]![1]).toMatchObject({ query: { limit: 100 } });
  });

  it('an edit sends only the fields given; a membership change refreshes the plans and the member’s list', async () => {
    const qc = createPlazaQueryClient();
    const { client, fetch } = fakeClient(() => ({ plan: {}, membership: {} }));
    qc.setQueryData([...PLANS, 'list', {}], 'cached');
    qc.setQueryData(planQueries.myMemberships(client).queryKey, []);
    await new MutationObserver(qc, planMutations.update(client, qc)).mutate({ id: 'p1', name: 'Club+' });
    expect(fetch.mock.calls[0]).toMatchObject([
      '/plans/v1/plans/p1',
      { method: 'PATCH', body: { plan: { name: 'Club+' }, fieldMask: { paths: ['name'] } } },
    ]);
    expect(qc.getQueryState(planQueries.myMemberships(client).queryKey)?.isInvalidated).toBe(false);
    await new MutationObserver(qc, planMutations.cancel(client, qc)).mutate('m1');
    expect(fetch.mock.calls[1]).toMatchObject(['/plans/v1/memberships/m1/cancel', { method: 'POST' }]);
    expect(qc.getQueryState([...PLANS, 'list', {}])?.isInvalidated).toBe(true);
    expect(qc.getQueryState(planQueries.myMemberships(client).queryKey)?.isInvalidated).toBe(true);
  });
});
