import type { FastifyBaseLogger } from 'fastify';
import type { MemberRoleName } from '@plaza/contracts';
import type { Config } from './config/index.js';
import { withTx, type Ctx } from './kernel/context.js';
import { seedDemoCatalog } from './demo-catalog.js';
import type { Database } from './kernel/db.js';
import type { Caller } from './kernel/caller.js';
import { uuidv7 } from './lib/ids.js';
import { emailTaken, insertSsoIdentity } from './platform/identity/index.js';
import { insertMember } from './platform/members/index.js';
import type { KeyStore } from './platform/oauth/index.js';
import { createReview, setReply, updateModerationStatus } from './platform/reviews/index.js';

/** The store's own reviews: the storefront's home page shows this entity. */
export const STORE_REVIEWS = { namespace: 'site', entityId: 'store' } as const;

const PEOPLE = [
  {
    nickname: 'Maya Lindqvist',
    title: 'Coffee nerd',
    rating: 5,
    approve: true,
    reply: true,
    title_: 'Fast shipping, lovely packaging',
    body: 'Ordered on Monday, arrived on Wednesday. Everything was wrapped with care and the note was a nice touch.',
  },
  {
    nickname: 'Tom Okafor',
    title: 'Weekend cyclist',
    rating: 4,
    approve: true,
    reply: false,
    title_: 'Good value',
    body: 'Prices are fair and the product pages tell you what you need to know. One item was back-ordered, but they told me up front.',
  },
  {
    nickname: 'Sofia Rossi',
    title: 'Home cook',
    rating: 5,
    approve: true,
    reply: false,
    title_: 'My go-to shop',
    body: 'Third order this year. Support answered my question within the hour.',
  },
  {
    nickname: 'Daniel Kim',
    title: '',
    rating: 3,
    approve: true,
    reply: true,
    title_: 'Fine, could be faster',
    body: 'The order was right, but delivery took a week longer than the estimate.',
  },
  {
    nickname: 'Priya Nair',
    title: 'Designer',
    rating: 4,
    approve: false,
    reply: false,
    title_: 'Nice selection',
    body: 'Waiting to see how the second order goes, but so far so good.',
  },
];

/**
 * A few demo members and store reviews (and the demo catalog) for a new site, so the storefront, the community page and the dashboard's
 * queues have something to show. Demo members have no password (they can't sign in). Runs once, with the first seed.
 */
export async function seedDemoCommunity(database: Database, config: Config, ownerId: string): Promise<void> {
  const base = {
    db: database.db,
    clock: () => new Date(),
    config,
    // Seeding logs nothing; services only log on unusual paths.
    log: {
      info() {},
      warn() {},
      error() {},
      debug() {},
      trace() {},
      fatal() {},
      child: () => base.log,
    } as unknown as FastifyBaseLogger,
    keys: undefined as unknown as KeyStore,
  };
  const as = (caller: Caller): Ctx => ({ ...base, caller });
  const owner = as({ type: 'MEMBER', memberId: ownerId, role: 'OWNER', clientId: 'seed', sessionId: 'seed' });
  for (const [i, p] of PEOPLE.entries()) {
    const id = uuidv7();
    const email = `demo${i + 1}@plaza.local`;
    if (await emailTaken(database.db, email)) continue;
    // withTx, not db.transaction: the member's created event is written with it (emitEvent requires withTx).
    await withTx(as({ type: 'NONE' }), async (ctx) => {
      await insertSsoIdentity(ctx, { id, email, pending: false, emailVerified: true, nickname: p.nickname });
      const profile = { nickname: p.nickname };
      await insertMember(ctx, {
        id,
        email,
        profile,
        status: 'APPROVED',
        ...(p.title ? { title: p.title } : {}),
        now: new Date(),
      });
    });
    const role: MemberRoleName = 'MEMBER';
    const author = as({ type: 'MEMBER', memberId: id, role, clientId: 'seed', sessionId: 'seed' });
    const review = await createReview(author, {
      review: { ...STORE_REVIEWS, content: { rating: p.rating, title: p.title_, body: p.body } },
    });
    if (p.approve) await updateModerationStatus(owner, review.id, 'APPROVED');
    if (p.reply) await setReply(owner, review.id, 'Thank you for taking the time to write this — see you next time!');
  }
  await seedDemoCatalog(owner);
}
