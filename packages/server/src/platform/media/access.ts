import { ROOT_FOLDER_IDS } from '@plaza/contracts';
import type { Ctx } from '../../kernel/context.js';
import type { Access, Caller } from '../../kernel/caller.js';
import type { MediaFileRow, UploaderType } from './tables.js';

/** The library itself: owners, contributors and API keys with the `media` scope. */
export const managers: Access = { admin: ['OWNER', 'CONTRIBUTOR'], scope: 'media' };
/** Uploads and reading one's own uploads: also visitors (review photos) and members (their photo, their reviews). */
export const uploaders: Access = { visitor: true, member: true, admin: ['OWNER', 'CONTRIBUTOR'], scope: 'media' };

export function isManager(caller: Caller): boolean {
  return (
    caller.type === 'APP' || (caller.type === 'MEMBER' && (caller.role === 'OWNER' || caller.role === 'CONTRIBUTOR'))
  );
}

/** Who is uploading, as the row records it. */
export function uploaderOf(caller: Caller): { uploaderType: UploaderType; uploaderId: string | null } {
  if (caller.type === 'ANONYMOUS_VISITOR') return { uploaderType: 'VISITOR', uploaderId: caller.visitorId };
  if (caller.type === 'MEMBER' && !isManager(caller)) return { uploaderType: 'MEMBER', uploaderId: caller.memberId };
  return { uploaderType: caller.type === 'APP' ? 'APP' : 'OWNER', uploaderId: null };
}

/**
 * Whether the caller may see a file: managers every file, visitors and members only their own uploads (which
 * always sit in the visitor uploads folder) while not in the trash.
 */
export function canSee(ctx: Ctx, row: MediaFileRow): boolean {
  if (isManager(ctx.caller)) return true;
  const me = uploaderOf(ctx.caller);
  return (
    me.uploaderId !== null &&
    row.uploaderId === me.uploaderId &&
    row.state === 'OK' &&
    row.parentFolderId === ROOT_FOLDER_IDS.VISITOR_UPLOADS_ROOT
  );
}
