import { vi } from 'vitest';
import type { RawRequestInit } from '@plaza/sdk';
import { type FetchClient } from '../src/index.js';

/** A client whose `fetch` answers from `answer` and records every request as "METHOD path". */
export function fakeClient(answer: (path: string, init?: RawRequestInit) => unknown = () => ({})) {
  const sent: string[] = [];
  const fetch = vi.fn(async (path: string, init?: RawRequestInit) => {
    sent.push(`${init?.method ?? 'GET'} ${path}`);
    const result = answer(path, init);
    if (result instanceof Error) throw result;
    return result;
  });
  return { client: { fetch } as FetchClient, fetch, sent };
}
