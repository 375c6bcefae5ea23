import { afterAll, beforeAll } from 'vitest';
import { cast, type Cast } from '../../../server/src/test/community.js';
import { startTestServer, type TestServer } from '../../../server/src/test/harness.js';

/**
 * A real server with the community cast (owner, members, a visitor) for one test file: started before its tests,
 * closed after them. `ready` hands both to the file.
 */
export function withCastServer(ready: (srv: TestServer, people: Cast) => void): void {
  let srv: TestServer | undefined;
  beforeAll(async () => {
    srv = await startTestServer();
    ready(srv, await cast(srv));
  }, 90_000);
  afterAll(async () => {
    await srv?.close();
  });
}
