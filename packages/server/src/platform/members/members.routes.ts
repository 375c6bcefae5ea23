import {
  CreateMemberRequest,
  DeleteMemberQuery,
  EmptyResponse,
  GetMemberQuery,
  ListMembersQuery,
  ListMembersResponse,
  MemberResponse,
  QueryMembersRequest,
  UpdateMemberRequest,
  UpdateSlugRequest,
} from '@plaza/contracts';
import type { Access } from '../../kernel/caller.js';
import type { App } from '../../http/types.js';
import { withoutEchoedId } from '../../lib/echoed-id.js';
import { deleteMember, deleteMyMember } from './delete.service.js';
import { getMember, getMyMember, listMembers, queryMembers } from './read.service.js';
import { setMyPrivacy, updateMemberSlug, updateMySlug } from './self.service.js';
import { createMember, deleteContactGroup, updateMember } from './write.service.js';
import { errorResponses } from '../../http/error-responses.js';
import { emptyAfter, IdParams, routeOptions } from '../../http/route-options.js';

export const errors = errorResponses(404, 409);
/** Owners and API keys with the `members` scope. */
export const ownerAccess: Access = { admin: ['OWNER'], scope: 'members' };
const self: Access = { member: true };
const anyone: Access = { visitor: true, member: true, scope: 'members' };
/** The member on themselves, or owners and `members` keys on anyone (checked in the service). */
const selfOrOwner: Access = { member: true, scope: 'members' };
/** The members module's routes: by default for owners and `members` keys. */
export const memberRoute = routeOptions({ tags: ['members'], errors, access: ownerAccess });

/** Reading, self-service, create, update and delete of members. */
export function memberRoutes(app: App): void {
  registerSelfServiceRoutes(app);
  registerMemberReadRoutes(app);
  registerMemberWriteRoutes(app);
  registerMemberDeleteRoutes(app);
}

/** A member on themselves: their profile, slug and community membership. */
function registerSelfServiceRoutes(app: App): void {
  app.get(
    '/members/v1/members/my',
    memberRoute({
      summary: 'My member',
      description: "The caller's own member, FULL unless `fieldsets` asks for less.",
      querystring: GetMemberQuery,
      response: MemberResponse,
      access: self,
    }),
    async (req) => ({ member: await getMyMember(req.ctx, req.query.fieldsets) }),
  );

  app.post(
    '/members/v1/members/my/slug',
    memberRoute({
      summary: 'Change my slug',
      description: 'A slug taken by another member is a 409 (SLUG_ALREADY_EXISTS).',
      body: UpdateSlugRequest,
      response: MemberResponse,
      access: self,
    }),
    async (req) => ({ member: await updateMySlug(req.ctx, req.body.slug) }),
  );

  app.post(
    '/members/v1/members/:id/slug',
    memberRoute({
      summary: "Change a member's slug",
      description: 'For owners and `members` API keys. A slug taken by another member is a 409.',
      params: IdParams,
      body: UpdateSlugRequest,
      response: MemberResponse,
    }),
    async (req) => ({ member: await updateMemberSlug(req.ctx, req.params.id, req.body.slug) }),
  );

  for (const [action, privacy] of [
    ['join', 'PUBLIC'],
    ['leave', 'PRIVATE'],
  ] as const) {
    app.post(
      `/members/v1/members/${action}-community`,
      memberRoute({
        summary: action === 'join' ? 'Join the community' : 'Leave the community',
        description: `Makes the caller's member ${privacy}: ${
          privacy === 'PUBLIC' ? 'listed, with a public profile' : 'hidden from other members and visitors'
        }.`,
        response: MemberResponse,
        access: self,
      }),
      async (req) => ({ member: await setMyPrivacy(req.ctx, privacy) }),
    );
  }
}

/** Reading one member, listing and querying them. */
function registerMemberReadRoutes(app: App): void {
  app.get(
    '/members/v1/members/:id',
    memberRoute({
      summary: 'A member',
      description:
        'PUBLIC by default. Visitors and members see PUBLIC of PUBLIC, APPROVED members (any other is a 404); ' +
        "contributors up to EXTENDED, owners and `members` keys up to FULL; one's own member up to FULL.",
      params: IdParams,
      querystring: GetMemberQuery,
      response: MemberResponse,
      access: anyone,
    }),
    async (req) => ({ member: await getMember(req.ctx, req.params.id, req.query.fieldsets) }),
  );

  app.get(
    '/members/v1/members',
    memberRoute({
      summary: 'List members',
      description:
        'Offset paging, one sort key (default profile.nickname ASC; id breaks ties). Visitors and members list ' +
        'the community: PUBLIC, APPROVED members.',
      querystring: ListMembersQuery,
      response: ListMembersResponse,
      access: anyone,
    }),
    async (req) => listMembers(req.ctx, req.query),
  );

  app.post(
    '/members/v1/members/query',
    memberRoute({
      summary: 'Query members',
      description:
        'Filter (operators $eq $ne $in $nin $gt $gte $lt $lte; legacy status names accepted), up to 3 sort ' +
        'keys, offset paging and a free-text search (names, nickname and login e-mail for owners; nickname for ' +
        'others). Fields a caller may not read can not be filtered or sorted by.',
      body: QueryMembersRequest,
      response: ListMembersResponse,
      access: anyone,
    }),
    async (req) => queryMembers(req.ctx, req.body),
  );
}

/** Creating and updating members, and clearing their contact details. */
function registerMemberWriteRoutes(app: App): void {
  app.post(
    '/members/v1/members',
    memberRoute({
      summary: 'Create a member',
      description:
        'Creates an identity without password (it signs in after password recovery or SSO) and its APPROVED ' +
        'member. A login e-mail already in use is a 409.',
      body: CreateMemberRequest,
      response: MemberResponse,
    }),
    async (req) => ({ member: await createMember(req.ctx, req.body) }),
  );

  app.patch(
    '/members/v1/members/:id',
    memberRoute({
      summary: 'Update a member',
      description:
        'Only the paths in `fieldMask.paths` change; without a mask, the fields given. `member.id` may repeat the ' +
        'path id. A member updates their own (contact and profile); owners ' +
        'and `members` keys anyone, with role (owners only) and privacy status too.',
      params: IdParams,
      body: UpdateMemberRequest,
      response: MemberResponse,
      access: selfOrOwner,
    }),
    async ({ ctx, params, body }) => {
      const member = withoutEchoedId(params.id, body.member, 'member.id');
      return { member: await updateMember(ctx, params.id, { ...body, member }) };
    },
  );

  for (const group of ['phones', 'emails', 'addresses'] as const) {
    app.delete(
      `/members/v1/members/:id/${group}`,
      memberRoute({
        summary: `Delete a member's ${group}`,
        description: `Clears the member's contact ${group}: the member themselves, owners and \`members\` keys.`,
        params: IdParams,
        response: MemberResponse,
        access: selfOrOwner,
      }),
      async (req) => ({ member: await deleteContactGroup(req.ctx, req.params.id, group) }),
    );
  }
}

/** Deleting a member: oneself, or anyone as an owner. */
function registerMemberDeleteRoutes(app: App): void {
  app.delete(
    '/members/v1/members/my',
    memberRoute({
      summary: 'Delete my member',
      description:
        "Deletes the caller's account. Their reviews go to `contentAssigneeId` when given, else are removed.",
      querystring: DeleteMemberQuery,
      response: EmptyResponse,
      access: self,
    }),
    async (req) => emptyAfter(deleteMyMember(req.ctx, req.query.contentAssigneeId)),
  );

  app.delete(
    '/members/v1/members/:id',
    memberRoute({
      summary: 'Delete a member',
      description:
        'Deletes the identity and its member; sessions end. Reviews go to `contentAssigneeId` when given, else ' +
        'are removed. Site owners can not be deleted.',
      params: IdParams,
      querystring: DeleteMemberQuery,
      response: EmptyResponse,
    }),
    async (req) => emptyAfter(deleteMember(req.ctx, req.params.id, req.query.contentAssigneeId)),
  );
}
