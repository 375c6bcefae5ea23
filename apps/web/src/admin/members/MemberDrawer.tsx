import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Skeleton } from '../../ui/Skeleton.js';
import { Drawer } from '../ui/Drawer.js';
import { useMemberFull } from '../data.js';
import { MemberActions } from './MemberActions.js';
import { MemberContactDetails } from './MemberContactDetails.js';
import { MemberProfile } from './MemberProfile.js';
import { MemberRoleForm } from './MemberRoleForm.js';
import { MemberPlans } from '../plans/MemberPlans.js';
import { memberName } from './memberRules.js';

/**
 * The open member lives in the URL (`?member=<id>`), so any dashboard page can link to a member, the link can be
 * shared, and Back closes the drawer.
 */
export function useMemberDrawer() {
  const [params, setParams] = useSearchParams();
  const memberId = params.get('member');
  const link = useCallback(
    (id: string) => {
      const next = new URLSearchParams(params);
      next.set('member', id);
      return `?${next.toString()}`;
    },
    [params],
  );
  const open = useCallback(
    (id: string) =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        next.set('member', id);
        return next;
      }),
    [setParams],
  );
  const close = useCallback(
    () =>
      setParams((p) => {
        const next = new URLSearchParams(p);
        next.delete('member');
        return next;
      }),
    [setParams],
  );
  return { memberId, link, open, close };
}

/** The side panel of one member: everything about them (FULL fieldset) and the owner's actions. */
export function MemberDrawer({ memberId, onClose }: { memberId: string | null; onClose: () => void }) {
  const { data: member, error, isPending, isFetching, refetch } = useMemberFull(memberId);
  const title = member ? memberName(member) : 'Member';
  return (
    <Drawer open={memberId !== null} title={title} onClose={onClose}>
      {isPending ? (
        <div aria-busy="true" aria-label="Loading the member" className="space-y-4">
          <div className="flex items-center gap-4">
            <Skeleton className="h-16 w-16 rounded-full" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-1/2" />
              <Skeleton className="h-4 w-1/3" />
            </div>
          </div>
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
          <Skeleton className="h-4 w-2/3" />
        </div>
      ) : error ? (
        <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <div className="space-y-6">
          <MemberProfile member={member} />
          <MemberActions member={member} onDeleted={onClose} />
          <MemberRoleForm key={`${member.id}:${member.role}`} member={member} />
          <MemberContactDetails member={member} />
          <MemberPlans memberId={member.id} />
        </div>
      )}
    </Drawer>
  );
}
