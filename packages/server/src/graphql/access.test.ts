import { describe, expect, it } from 'vitest';
import { serverSuite } from '../test/suite.js';
import { call } from '../../test/http.js';
import { gql } from './testing.js';

/**
 * The access matrix of REST, asked through GraphQL: every read that needs no argument, as no caller, a visitor, a
 * member, the owner and API keys, must be refused or answered exactly as its REST route answers the same caller.
 */
const { srv, c, keys } = serverSuite({ cast: true, keys: { ecom: ['ecom'], media: ['media'] } });

interface Field {
  name: string;
  description: string;
  args: { type: { kind: string } }[];
  type: { kind: string; ofType: { kind: string } | null };
}

const INTROSPECT = `{ __schema { queryType { fields {
  name description args { type { kind } } type { kind ofType { kind } }
} } } }`;

async function readsWithoutArguments(): Promise<{ field: string; path: string; scalar: boolean }[]> {
  const res = await gql<{ __schema: { queryType: { fields: Field[] } } }>(srv, c.owner, INTROSPECT);
  return res.body
    .data!.__schema.queryType.fields.filter((f) => f.args.every((a) => a.type.kind !== 'NON_NULL'))
    .map((f) => ({
      field: f.name,
      path: /\(REST: GET (\S+)\)/.exec(f.description)?.[1] ?? '',
      scalar: (f.type.ofType?.kind ?? f.type.kind) === 'SCALAR',
    }))
    .filter((f) => f.path !== '');
}

describe('GraphQL admits exactly the callers REST admits', () => {
  it('for every read without arguments, as every kind of caller', async () => {
    const reads = await readsWithoutArguments();
    expect(reads.length).toBeGreaterThan(30);
    const callers: Record<string, string | undefined> = {
      none: undefined,
      visitor: c.visitor,
      member: c.memberA.auth,
      contributor: c.contributor.auth,
      owner: c.owner,
      communityKey: c.apiKey,
      ecomKey: keys.ecom,
      mediaKey: keys.media,
    };
    const mismatches: string[] = [];
    let refused = 0;
    for (const [who, auth] of Object.entries(callers)) {
      for (const read of reads) {
        const rest = await call(srv.url, 'GET', read.path, auth ? { auth } : {});
        const res = await gql(srv, auth, `{ ${read.field}${read.scalar ? '' : ' { __typename }'} }`);
        const error = res.body.errors?.[0];
        const status = error ? error.extensions.status : res.status === 200 && res.body.data ? 200 : res.status;
        if (rest.status >= 400) refused++;
        if (status !== rest.status) mismatches.push(`${who} ${read.field}: REST ${rest.status}, GraphQL ${status}`);
        if (error && rest.status >= 400) {
          const restCode = (rest.body as { details?: { applicationError?: { code?: string } } }).details
            ?.applicationError?.code;
          if (restCode && error.extensions.code !== restCode) {
            mismatches.push(`${who} ${read.field}: REST code ${restCode}, GraphQL ${error.extensions.code}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The matrix is worth something only if it saw refusals (401 and 403) as well as answers.
    expect(refused).toBeGreaterThan(50);
  }, 120_000);

  it('keeps a member to their own data and an owner’s writes to owners', async () => {
    const keysList = await gql(srv, c.memberA.auth, '{ settingsApiKeys { __typename } }');
    expect(keysList.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    const mine = await gql<{ membersMy: { member: { id: string } } }>(
      srv,
      c.memberA.auth,
      '{ membersMy { member { id } } }',
    );
    expect(mine.body.data!.membersMy.member.id).toBe(c.memberA.id);
    const write = await gql(
      srv,
      c.memberA.auth,
      'mutation { createCatalogCollections(input: { collection: { name: "Mine" } }) { collection { id } } }',
    );
    expect(write.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(write.body.data).toBeNull();
    const list = await call<{ collections: { name: string }[] }>(srv.url, 'GET', '/catalog/v1/collections', {
      auth: c.owner,
    });
    expect(list.body.collections.map((x) => x.name)).not.toContain('Mine');
  });
});
