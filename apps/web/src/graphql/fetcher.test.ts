import { describe, expect, it, vi } from 'vitest';
import { PlazaError } from '@plaza/sdk';
import { graphqlFetcher } from './fetcher.js';

describe('the GraphQL explorer’s fetcher', () => {
  it('posts the query, its variables and the operation to pick to /graphql/<version>', async () => {
    const fetch = vi.fn(async () => ({ data: { __typename: 'Query' } }));
    const run = graphqlFetcher({ fetch } as never, 'alpha');
    expect(await run({ query: 'query A { __typename }', variables: { x: 1 }, operationName: 'A' })).toEqual({
      data: { __typename: 'Query' },
    });
    expect(fetch).toHaveBeenCalledWith('/graphql/alpha', {
      method: 'POST',
      body: { query: 'query A { __typename }', variables: { x: 1 }, operationName: 'A' },
    });
    await graphqlFetcher({ fetch } as never, 'v 2')({ query: '{ a }', variables: null, operationName: null });
    expect(fetch).toHaveBeenLastCalledWith('/graphql/v%202', { method: 'POST', body: { query: '{ a }' } });
  });

  it('turns a refused request into an error GraphiQL shows in its answer pane', async () => {
    const fetch = vi.fn(async () => {
      throw new PlazaError('Not allowed here', 403, {});
    });
    expect(await graphqlFetcher({ fetch } as never, 'alpha')({ query: '{ a }' })).toEqual({
      errors: [{ message: 'Not allowed here' }],
    });
  });
});
