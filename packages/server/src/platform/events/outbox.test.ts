import { and, asc, eq } from 'drizzle-orm';
import { Value } from 'typebox/value';
import { eventEnvelopeSchema, type EventType } from '@plaza/contracts';
import { describe, expect, it } from 'vitest';
import { withTx } from '../../kernel/context.js';
import { newMember } from '../../test/community.js';
import { waitFor } from '../webhooks/testing.js';
import { serverSuite } from '../../test/suite.js';
import { call } from '../../../test/http.js';
import { members } from '../members/tables.js';
import { emitEvent } from './outbox.js';
import { domainEvents } from './tables.js';

const { srv, c } = serverSuite({ cast: true });

const eventsOf = (entityId: string, type?: EventType) =>
  srv.database.db
    .select()
    .from(domainEvents)
    .where(
      type
        ? and(eq(domainEvents.entityId, entityId), eq(domainEvents.eventType, type))
        : eq(domainEvents.entityId, entityId),
    )
    .orderBy(asc(domainEvents.seq));

describe('the outbox', () => {
  it('writes the event with its change, in the same transaction', async () => {
    const id = c.memberA.id;
    await withTx(srv.ctx(), async (tx) => {
      await tx.db.update(members).set({ nickname: 'Committed' }).where(eq(members.id, id));
      await emitEvent(tx, {
        type: 'members.member.updated',
        entityId: id,
        entity: { id },
        modifiedFields: ['profile.nickname'],
      });
    });
    const rows = await eventsOf(id, 'members.member.updated');
    expect(rows).toHaveLength(1);
    expect(rows[0]!.envelope).toMatchObject({
      eventType: 'members.member.updated',
      entityFqdn: 'plaza.members.v1.member',
      slug: 'updated',
      entityId: id,
      triggeredByAnonymizeRequest: false,
      originatedFrom: 'plaza',
      identity: { identityType: 'UNKNOWN' },
      updatedEvent: { currentEntity: { id }, modifiedFields: ['profile.nickname'] },
    });
    expect(rows[0]!.envelope.id).toBe(rows[0]!.id);
  });

  it('leaves no event when the change rolls back', async () => {
    const id = c.memberB.id;
    const before = await eventsOf(id);
    await expect(
      withTx(srv.ctx(), async (tx) => {
        await tx.db.update(members).set({ nickname: 'Rolled back' }).where(eq(members.id, id));
        await emitEvent(tx, { type: 'members.member.updated', entityId: id, entity: { id }, modifiedFields: [] });
        throw new Error('forced rollback');
      }),
    ).rejects.toThrow('forced rollback');
    expect(await eventsOf(id)).toEqual(before);
    const [row] = await srv.database.db.select({ nickname: members.nickname }).from(members).where(eq(members.id, id));
    expect(row!.nickname).not.toBe('Rolled back');
  });

  it('writes nothing with PLAZA_EVENTS=off (the bench comparison)', async () => {
    const ctx = { ...srv.ctx(), config: { ...srv.config, events: false } };
    const before = await eventsOf(c.memberB.id);
    const id = await withTx(ctx, (tx) => emitEvent(tx, { type: 'members.member.deleted', entityId: c.memberB.id }));
    expect(id).toBeUndefined();
    expect(await eventsOf(c.memberB.id)).toEqual(before);
  });

  it('refuses to write outside a transaction', async () => {
    await expect(emitEvent(srv.ctx(), { type: 'members.member.deleted', entityId: c.memberB.id })).rejects.toThrow(
      /inside withTx/,
    );
  });

  it('a member PATCH over HTTP emits members.member.updated with the changed paths and who did it', async () => {
    const res = await call(srv.url, 'PATCH', `/members/v1/members/${c.memberA.id}`, {
      auth: c.memberA.auth,
      body: { member: { profile: { nickname: 'Alice Again' } }, fieldMask: { paths: ['profile.nickname'] } },
    });
    expect(res.status).toBe(200);
    const rows = await eventsOf(c.memberA.id, 'members.member.updated');
    const last = rows.at(-1)!.envelope;
    expect(last.identity).toEqual({ identityType: 'MEMBER', memberId: c.memberA.id });
    expect(last.updatedEvent).toMatchObject({
      currentEntity: { id: c.memberA.id, profile: { nickname: 'Alice Again' } },
      modifiedFields: ['profile.nickname'],
    });
    expect(Value.Check(eventEnvelopeSchema('members.member.updated'), last)).toBe(true);
  });

  it('a failed PATCH (bad input) writes no event', async () => {
    const before = await eventsOf(c.memberA.id);
    const res = await call(srv.url, 'PATCH', `/members/v1/members/${c.memberA.id}`, {
      auth: c.memberA.auth,
      body: { member: { profile: { nickname: 'x' } }, fieldMask: { paths: ['nope'] } },
    });
    expect(res.status).toBe(400);
    expect(await eventsOf(c.memberA.id)).toEqual(before);
  });

  it('owner moderation emits an action event from PLAZA_USER; deletion emits member and identity deleted', async () => {
    const target = c.memberB.id;
    expect((await call(srv.url, 'POST', `/members/v1/members/${target}/mute`, { auth: c.owner })).status).toBe(200);
    const [muted] = await eventsOf(target, 'members.member.activity_status_changed');
    expect(muted!.envelope).toMatchObject({
      identity: { identityType: 'PLAZA_USER', ownerId: c.ownerId },
      actionEvent: { body: { previous: 'ACTIVE', activityStatus: 'MUTED' } },
    });
    expect((await call(srv.url, 'DELETE', `/members/v1/members/${target}`, { auth: c.apiKey })).status).toBe(200);
    const types = (await eventsOf(target)).map((r) => r.eventType);
    expect(types).toEqual(expect.arrayContaining(['members.member.deleted', 'identity.identity.deleted']));
    const [deleted] = await eventsOf(target, 'members.member.deleted');
    expect(deleted!.envelope.identity).toMatchObject({ identityType: 'APP' });
    expect(deleted!.envelope.deletedEvent).toMatchObject({ deletedEntity: { id: target } });
  });

  it('sign-up emits identity.identity.created and members.member.created', async () => {
    const res = await call(srv.url, 'POST', '/identity/v2/register', {
      auth: `Bearer ${await srv.visitorToken()}`,
      body: { loginId: { email: 'events.signup@example.com' }, password: 'a long enough password 1!' },
    });
    expect(res.status).toBeLessThan(300);
    const [identity] = await srv.database.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.eventType, 'identity.identity.created'));
    expect(identity).toBeDefined();
    const created = await eventsOf(identity!.entityId, 'members.member.created');
    expect(created).toHaveLength(1);
    expect(Value.Check(eventEnvelopeSchema('members.member.created'), created[0]!.envelope)).toBe(true);
    expect(identity!.seq).toBeLessThan(created[0]!.seq);
  });

  it("an owner-created member's created event carries every field set at creation, once", async () => {
    const res = await call<{ member: { id: string } }>(srv.url, 'POST', '/members/v1/members', {
      auth: c.owner,
      body: {
        member: {
          loginEmail: 'events.owner-made@example.com',
          contact: { firstName: 'Ada', company: 'Analytical Engines', jobTitle: 'Engineer' },
          profile: { nickname: 'ada', title: 'Founder' },
          privacyStatus: 'PRIVATE',
        },
      },
    });
    expect(res.status).toBe(200);
    const created = await eventsOf(res.body.member.id, 'members.member.created');
    expect(created).toHaveLength(1);
    expect(created[0]!.envelope.createdEvent).toMatchObject({
      entity: {
        contact: { firstName: 'Ada', company: 'Analytical Engines', jobTitle: 'Engineer' },
        profile: { nickname: 'ada', title: 'Founder' },
        privacyStatus: 'PRIVATE',
      },
    });
  });

  it('a bulk job emits one event per member it changes', async () => {
    const [m1, m2] = await Promise.all([newMember(srv), newMember(srv)]);
    const started = await call<{ jobId: string }>(srv.url, 'POST', '/members/v1/members/bulk/delete', {
      auth: c.owner,
      body: { memberIds: [m1.id, m2.id] },
    });
    expect(started.status).toBeLessThan(300);
    for (const id of [m1.id, m2.id]) {
      const deleted = await waitFor(async () => {
        const rows = await eventsOf(id, 'members.member.deleted');
        return rows.length > 0 && rows;
      });
      expect(deleted).toHaveLength(1);
      // The worker ran it, but the owner started it: the event names the owner.
      expect(deleted[0]!.envelope.identity).toEqual({ identityType: 'PLAZA_USER', ownerId: c.ownerId });
    }
  });
});
