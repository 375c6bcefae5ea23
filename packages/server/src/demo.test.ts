import { like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { seedDemoCommunity } from './demo.js';
import { identities } from './platform/identity/tables.js';
import { members } from './platform/members/tables.js';
import { reviews } from './platform/reviews/tables.js';
import { serverSuite } from './test/suite.js';

const { srv } = serverSuite();

it('seeds the demo community once: verified password-less people, approved members with titles, their reviews', async () => {
  const { identityId: ownerId } = await srv.signIn();
  await seedDemoCommunity(srv.database, srv.config, ownerId);
  await seedDemoCommunity(srv.database, srv.config, ownerId); // a second start adds nothing

  const db = srv.ctx().db;
  const people = await db.select().from(identities).where(like(identities.email, 'demo%@plaza.local'));
  expect(people.length).toBeGreaterThanOrEqual(5);
  for (const p of people) {
    expect(p).toMatchObject({ status: 'ACTIVE', emailVerified: true });
    expect(p.passwordHash ?? null).toBeNull();
  }
  const rows = await db.select().from(members).where(like(members.loginEmail, 'demo%@plaza.local'));
  expect(rows.map((m) => m.status)).toEqual(people.map(() => 'APPROVED'));
  expect(rows.find((m) => m.nickname && m.title === 'Coffee nerd')).toBeDefined();
  expect(rows.filter((m) => m.title).length).toBe(rows.length - 1); // one demo person has no title
  expect(await db.select().from(reviews)).toHaveLength(people.length);
});
