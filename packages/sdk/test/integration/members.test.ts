/**
 * The members and jobs modules against the real server (fresh database for this file): self-service profile and slug,
 * community privacy, listing (GET and its POST /query fallback), querying, reports, moderation and bulk jobs.
 * Nothing on the server is mocked; the fixtures only skip the sign-up.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast, newMember, type Cast } from '../../../server/src/test/community.js';
import { startTestServer } from '../../../server/src/test/harness.js';
import { createClient, defineMethod } from '../../src/index.js';
import { listMembers, type Fieldset, type ListMembersOptions } from '../../src/modules/members.js';
import type { ListMembersResponse } from '@plaza/contracts';
import { castSdks, failure, finished, fixedAuth, sdk, violationsOf, type Sdk } from './community-clients.js';

let srv: Awaited<ReturnType<typeof startTestServer>>;
let people: Cast;
let visitor: Sdk, alice: Sdk, bob: Sdk, carol: Sdk, owner: Sdk, app: Sdk;

beforeAll(async () => {
  srv = await startTestServer();
  people = await cast(srv);
  ({ visitor, alice, bob, carol, owner, app } = castSdks(srv.url, people));
});
afterAll(async () => {
  await srv?.close();
});

describe('self-service', () => {
  it('getMyMember gives the caller FULL of themselves', async () => {
    const { member } = await alice.members.getMyMember();
    expect(member).toMatchObject({ id: people.memberA.id, loginEmail: people.memberA.email, status: 'APPROVED' });
    expect(member.contact).toBeDefined();
    expect(alice.rec.calls.at(-1)).toMatchObject({ method: 'GET', path: '/members/v1/members/my', status: 200 });
  });

  it('updateMember changes only the masked fields of oneself; another member is refused', async () => {
    const before = (await alice.members.getMyMember()).member;
    const { member } = await alice.members.updateMember(
      people.memberA.id,
      { profile: { nickname: 'Alice Bakes', title: 'Baker' }, contact: { firstName: 'Not Masked' } },
      ['profile.nickname', 'profile.title'],
    );
    expect(member.profile).toMatchObject({ nickname: 'Alice Bakes', title: 'Baker' });
    expect(member.contact?.firstName).toBe(before.contact?.firstName);

    const unknownPath = await failure(alice.members.updateMember(people.memberA.id, {}, ['profile.shoeSize']));
    expect(unknownPath.status).toBe(400);
    expect(violationsOf(unknownPath)).toEqual(['fieldMask.paths[0]:FIELD_NOT_ALLOWED']);

    const other = await failure(
      bob.members.updateMember(people.memberA.id, { profile: { title: 'x' } }, ['profile.title']),
    );
    expect(other.status).toBe(403);
    expect((await alice.members.getMyMember()).member.profile.title).toBe('Baker');
  });

  it('updateMySlug takes a free slug; a taken one is a 409, a malformed one a 400 naming slug', async () => {
    expect((await alice.members.updateMySlug('alice-bakes')).member.slug).toBe('alice-bakes');
    const taken = await failure(bob.members.updateMySlug('alice-bakes'));
    expect(taken.status).toBe(409);
    const bad = await failure(bob.members.updateMySlug('Not A Slug'));
    expect(bad.status).toBe(400);
    expect(violationsOf(bad)).toEqual([expect.stringMatching(/^slug:/)]);
    expect(bad.argumentNames).toEqual(['slug']);
  });

  it("updateMemberSlug is the owner's; a member gets a 403", async () => {
    expect((await owner.members.updateMemberSlug(people.memberB.id, 'bob-b')).member.slug).toBe('bob-b');
    expect((await failure(alice.members.updateMemberSlug(people.memberB.id, 'bobby'))).status).toBe(403);
    expect((await bob.members.getMyMember()).member.slug).toBe('bob-b');
  });

  it('leaveCommunity hides the member from visitors; joinCommunity shows the PUBLIC fieldset again', async () => {
    expect((await alice.members.leaveCommunity()).member.privacyStatus).toBe('PRIVATE');
    expect((await failure(visitor.members.getMember(people.memberA.id))).status).toBe(404);
    const listed = await visitor.members.listMembers({ paging: { limit: 100 } });
    expect(listed.members.map((m) => m.id)).not.toContain(people.memberA.id);

    expect((await alice.members.joinCommunity()).member.privacyStatus).toBe('PUBLIC');
    const { member } = await visitor.members.getMember(people.memberA.id, ['FULL']);
    expect(member.slug).toBe('alice-bakes');
    // Visitors get PUBLIC whatever they ask for: no contact, e-mail or status.
    for (const field of ['contact', 'loginEmail', 'status', 'role', 'lastReportDate'])
      expect(member).not.toHaveProperty(field);
    const full = await owner.members.getMember(people.memberA.id, ['FULL']);
    expect(full.member.loginEmail).toBe(people.memberA.email);
  });
});

describe('listing and querying', () => {
  it('listMembers sends a GET with paging and sort, and shows visitors PUBLIC members only', async () => {
    const hidden = await newMember(srv, { nickname: 'Hidden Hal', privacyStatus: 'PRIVATE' });
    const { members, metadata } = await visitor.members.listMembers({
      paging: { limit: 100 },
      sorting: { fieldName: 'slug', order: 'ASC' },
    });
    const call = visitor.rec.calls.at(-1)!;
    expect(call.method).toBe('GET');
    expect(new URL(call.url).searchParams.get('sorting.fieldName')).toBe('slug');
    const slugs = members.map((m) => m.slug);
    expect(slugs).toEqual([...slugs].sort());
    expect(members.every((m) => m.privacyStatus === 'PUBLIC')).toBe(true);
    expect(members.map((m) => m.id)).not.toContain(hidden.id);
    expect(metadata).toMatchObject({ offset: 0, count: members.length });
  });

  it('the POST /query fallback of listMembers is accepted by the server and gives the same page', async () => {
    // No valid options make a URL of 4000 characters (the unit tests force the switch); here the fallback request
    // itself goes to the server, to show both requests mean the same thing.
    const viaFallback = defineMethod<[options?: ListMembersOptions], ListMembersResponse>({
      argumentNames: ['options'],
      request: listMembers.fallback!,
    });
    const probe = createClient({
      baseUrl: srv.url,
      auth: fixedAuth(people.owner),
      modules: { probe: { viaFallback } },
    });
    const options = {
      paging: { limit: 3, offset: 1 },
      fieldsets: ['EXTENDED'] as Fieldset[],
      sorting: { fieldName: 'createdDate' as const, order: 'DESC' as const },
    };
    const [get, post] = await Promise.all([owner.members.listMembers(options), probe.probe.viaFallback(options)]);
    expect(post.members.map((m) => m.id)).toEqual(get.members.map((m) => m.id));
    expect(post.metadata).toEqual(get.metadata);
    expect(get.members[0]?.status).toBeDefined(); // EXTENDED
  });

  it('queryMembers filters (legacy statuses too), searches and sorts for the owner', async () => {
    const pending = await Promise.all([
      newMember(srv, { nickname: 'Zed Waiting', status: 'PENDING' }),
      newMember(srv, { nickname: 'Amy Waiting', status: 'PENDING' }),
    ]);
    const request = {
      query: {
        filter: { status: 'PENDING' },
        sort: [{ fieldName: 'profile.nickname' as const, order: 'ASC' as const }],
      },
      search: { expression: 'waiting' },
      fieldsets: ['EXTENDED' as const],
    };
    const { members } = await owner.members.queryMembers(request);
    expect(members.map((m) => m.profile.nickname)).toEqual(['Amy Waiting', 'Zed Waiting']);
    expect(members.every((m) => m.status === 'PENDING')).toBe(true);
    const legacy = await owner.members.queryMembers({
      ...request,
      query: { ...request.query, filter: { status: 'APPLICANT' } },
    });
    expect(legacy.members.map((m) => m.id).sort()).toEqual(pending.map((m) => m.id).sort());
    // A member sees no PENDING strangers.
    expect((await bob.members.queryMembers(request)).members).toEqual([]);
  });
});

describe('reports', () => {
  it('a member reports, the owner lists and mutes; members cannot read the queue', async () => {
    const { report } = await bob.members.reportMember({ memberId: people.memberA.id, reason: 'SPAM', text: 'ads' });
    expect(report).toMatchObject({ reportedMemberId: people.memberA.id, status: 'OPEN', reason: 'SPAM' });
    const queue = await owner.members.listReports({
      status: 'OPEN',
      memberId: people.memberA.id,
      paging: { limit: 10 },
    });
    expect(queue.reports.map((r) => r.id)).toEqual([report.id]);
    expect((await carol.members.listReports()).reports.map((r) => r.id)).toContain(report.id);
    expect((await failure(alice.members.listReports())).status).toBe(403);
    expect((await failure(carol.members.resolveReport(report.id, 'DISMISS'))).status).toBe(403);

    const resolved = await owner.members.resolveReport(report.id, 'MUTE');
    expect(resolved.report).toMatchObject({ status: 'RESOLVED', action: 'MUTE' });
    const muted = await owner.members.getMember(people.memberA.id, ['FULL']);
    expect(muted.member).toMatchObject({ activityStatus: 'MUTED', lastReportDate: expect.any(String) });
    expect((await owner.members.unmuteMember(people.memberA.id)).member.activityStatus).toBe('ACTIVE');
  });
});

describe('moderation and bulk jobs', () => {
  it('bulk block by filter runs as a job with progress; a blocked member is signed out at once', async () => {
    const targets = await Promise.all([1, 2, 3].map((n) => newMember(srv, { nickname: `Spammer ${n}` })));
    const ids = targets.map((t) => t.id);
    const spammer = sdk(srv.url, targets[0]!.auth);
    await spammer.members.getMyMember();

    const { jobId } = await owner.members.bulkBlockMembersByFilter({ id: { $in: ids } });
    expect((await failure(alice.jobs.getJob(jobId))).status).toBe(403);
    const job = await finished(carol, jobId);
    expect(job).toMatchObject({ status: 'COMPLETED', progress: { total: 3, processed: 3, succeeded: 3, failed: 0 } });
    const { members } = await app.members.queryMembers({
      query: { filter: { id: { $in: ids } } },
      fieldsets: ['EXTENDED'],
    });
    expect(members.map((m) => m.status)).toEqual(['BLOCKED', 'BLOCKED', 'BLOCKED']);
    expect([401, 403]).toContain((await failure(spammer.members.getMyMember())).status);

    const approve = await app.members.bulkApproveMembersByFilter({ id: { $in: ids } });
    expect((await finished(app, approve.jobId)).progress.succeeded).toBe(3);
  });

  it('single moderation actions follow the transition table', async () => {
    const m = await newMember(srv, { status: 'PENDING' });
    expect((await owner.members.approveMember(m.id)).member.status).toBe('APPROVED');
    expect((await owner.members.disconnectMember(m.id)).member.status).toBe('OFFLINE');
    expect((await owner.members.blockMember(m.id)).member.status).toBe('BLOCKED');
    expect((await carol.members.muteMember(m.id)).member.activityStatus).toBe('MUTED');
    expect((await failure(alice.members.blockMember(m.id))).status).toBe(403);
  });

  it('contact groups are deleted one by one', async () => {
    await alice.members.updateMember(
      people.memberA.id,
      { contact: { phones: [{ phone: '+1 555 0100' }], emails: [{ email: 'alice@work.example' }] } },
      ['contact.phones', 'contact.emails'],
    );
    const { member } = await owner.members.deleteMemberPhones(people.memberA.id);
    expect(member.contact?.phones ?? []).toEqual([]);
    expect(member.contact?.emails).toEqual([expect.objectContaining({ email: 'alice@work.example' })]);
    expect((await failure(bob.members.deleteMemberEmails(people.memberA.id))).status).toBe(403);
  });

  it('createMember, deleteMember, bulk delete and deleteMyMember', async () => {
    const { member: created } = await app.members.createMember({
      loginEmail: 'new.person@example.com',
      profile: { nickname: 'New' },
    });
    expect(created.loginEmail).toBe('new.person@example.com');
    await owner.members.deleteMember(created.id);
    expect((await failure(owner.members.getMember(created.id))).status).toBe(404);

    const gone = await newMember(srv);
    const { jobId } = await app.members.bulkDeleteMembers([gone.id]);
    expect((await finished(app, jobId)).progress).toMatchObject({ total: 1, succeeded: 1 });
    expect((await failure(owner.members.getMember(gone.id))).status).toBe(404);

    const leaving = sdk(srv.url, (await newMember(srv)).auth);
    expect(await leaving.members.deleteMyMember()).toEqual({});
    expect([401, 403, 404]).toContain((await failure(leaving.members.getMyMember())).status);
  });
});
