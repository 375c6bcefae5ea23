import type { App } from '../../http/types.js';
import { memberRoute, ownerAccess } from './members.routes.js';
import { IdParams } from '../../http/route-options.js';
import { MemberResponse } from '@plaza/contracts';
import { moderateMember, type ModerationAction } from './moderation.service.js';

const ABOUT: Record<ModerationAction, [string, string]> = {
  mute: [
    'Mute a member',
    'activityStatus becomes MUTED. Owners, contributors and `members` keys; owners can not be muted.',
  ],
  unmute: ['Unmute a member', 'activityStatus becomes ACTIVE. Owners, contributors and `members` keys.'],
  approve: [
    'Approve a member',
    'status becomes APPROVED, from UNKNOWN, PENDING, BLOCKED or OFFLINE; a sign-up waiting for the owner is released.',
  ],
  block: [
    'Block a member',
    'status becomes BLOCKED, from UNKNOWN, PENDING, APPROVED or OFFLINE; their sessions end at once. Owners can not be blocked.',
  ],
  disconnect: [
    'Disconnect a member',
    'status becomes OFFLINE, from UNKNOWN, PENDING or APPROVED; they can no longer sign in and their sessions end.',
  ],
};

/** POST /members/v1/members/{id}/{mute|unmute|approve|block|disconnect}: a forbidden transition is a 409 naming both states. */
export function moderationRoutes(app: App): void {
  for (const action of Object.keys(ABOUT) as ModerationAction[]) {
    const [summary, description] = ABOUT[action];
    app.post(
      `/members/v1/members/:id/${action}`,
      memberRoute({
        summary,
        description,
        params: IdParams,
        response: MemberResponse,
        access:
          action === 'mute' || action === 'unmute'
            ? { admin: ['OWNER', 'CONTRIBUTOR'], scope: 'members' }
            : ownerAccess,
      }),
      async (req) => ({ member: await moderateMember(req.ctx, req.params.id, action) }),
    );
  }
}
