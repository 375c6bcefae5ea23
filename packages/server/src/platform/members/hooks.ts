import type { Ctx } from '../../kernel/context.js';

/** Drops another module's cached reads that show member data (reviews show member names). */
export type MembersChangedHandler = () => void;
/** Hands a deleted member's content to `assigneeId`, or removes it; runs in the deletion's transaction. */
export type MemberContentHandler = (tx: Ctx, memberId: string, assigneeId: string | undefined) => Promise<void>;

let othersChanged: MembersChangedHandler = () => undefined;
let contentHandOver: MemberContentHandler = async () => undefined;

/**
 * Set once by the app (src/module-wiring.ts): the modules that show or own members' content answer these, so
 * members need not import them (they import members).
 */
export function onMembersChanged(handler: MembersChangedHandler): void {
  othersChanged = handler;
}

export function onMemberContentHandOver(handler: MemberContentHandler): void {
  contentHandOver = handler;
}

export function notifyOthersMembersChanged(): void {
  othersChanged();
}

export function handOverMemberContent(tx: Ctx, memberId: string, assigneeId: string | undefined): Promise<void> {
  return contentHandOver(tx, memberId, assigneeId);
}
