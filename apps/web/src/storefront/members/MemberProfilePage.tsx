import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Member } from '@plaza/contracts';
import { useAuth, useMemberBySlug, useReviews, useSite } from '@plaza/react';
import { Avatar } from '../../ui/Avatar.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { SkeletonStack } from '../../ui/Skeleton.js';
import { useDayFormat } from '../format.js';
import { MoreReviewsButton, ReviewCardList, isHttpUrl } from '../reviews/ReviewCard.js';
import { displayName } from './MemberCard.js';
import { ReportMemberDialog } from './ReportMemberDialog.js';

const linkClass = 'font-medium text-accent underline-offset-2 hover:underline';

/** /members/:slug: a community member's public profile (PUBLIC fieldset) and the reviews they wrote. */
export default function MemberProfilePage() {
  const { slug = '' } = useParams();
  const result = useMemberBySlug(slug);

  if (result.isPending) return <ProfileSkeleton />;
  if (result.error) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <ErrorMessage error={result.error} onRetry={() => void result.refetch()} retrying={result.isFetching} />
      </div>
    );
  }
  if (!result.data) return <NoSuchMember slug={slug} />;
  return <Profile member={result.data} />;
}

function Profile({ member }: { member: Member }) {
  const { member: me } = useAuth();
  const day = useDayFormat();
  const [reporting, setReporting] = useState(false);
  const name = displayName(member);
  const isMe = me?.id === member.id;
  const photo = member.profile.photo?.url;
  const cover = member.profile.cover?.url;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <p className="text-sm">
        <Link to="/members" className={linkClass}>
          ← Community
        </Link>
      </p>
      <div className="mt-4 overflow-hidden rounded-xl border border-neutral-200 bg-white shadow-xs">
        {isHttpUrl(cover) ? (
          <img src={cover} alt="" className="h-32 w-full object-cover sm:h-44" referrerPolicy="no-referrer" />
        ) : (
          <div aria-hidden="true" className="h-20 bg-gradient-to-r from-accent-soft to-indigo-100 sm:h-24" />
        )}
        <div className="flex flex-col gap-4 px-5 pb-5 sm:flex-row sm:items-end sm:justify-between">
          <div className="flex min-w-0 items-end gap-4">
            <Avatar
              src={isHttpUrl(photo) ? photo : undefined}
              name={name}
              size="lg"
              className="-mt-10 shrink-0 border-4 border-white"
            />
            <div className="min-w-0 pb-1">
              <h1 className="text-2xl font-bold tracking-tight break-words text-neutral-900" data-testid="profile-name">
                {name}
              </h1>
              {member.profile.title && <p className="text-neutral-600">{member.profile.title}</p>}
              {member.createdDate && (
                <p className="mt-1 text-sm text-neutral-500">Member since {day(member.createdDate)}</p>
              )}
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            {isMe ? (
              <>
                <Badge tone="accent" className="self-center">
                  This is you
                </Badge>
                <Link
                  to="/account/profile"
                  className="inline-flex min-h-10 items-center rounded-md border border-neutral-300 px-4 text-sm font-medium hover:bg-neutral-50"
                >
                  Edit profile
                </Link>
              </>
            ) : me ? (
              <Button variant="secondary" onClick={() => setReporting(true)}>
                Report
              </Button>
            ) : null}
          </div>
        </div>
      </div>
      <MemberReviews memberId={member.id} name={name} />
      {me && !isMe && (
        <ReportMemberDialog
          open={reporting}
          memberId={member.id}
          memberName={name}
          onClose={() => setReporting(false)}
        />
      )}
    </div>
  );
}

function MemberReviews({ memberId, name }: { memberId: string; name: string }) {
  const { data: site } = useSite();
  const list = useReviews({
    query: {
      filter: { 'author.memberId': memberId },
      sort: [{ fieldName: 'reviewDate', order: 'DESC' }],
      cursorPaging: { limit: 10 },
    },
  });
  const reviews = list.data?.pages.flatMap((p) => p.reviews) ?? [];
  return (
    <section className="mt-10" aria-labelledby="member-reviews">
      <h2 id="member-reviews" className="text-xl font-semibold tracking-tight">
        Reviews by {name}
      </h2>
      <div className="mt-2">
        {list.isPending ? (
          <SkeletonStack label="Loading reviews" className="space-y-3 py-4" bars={['h-5 w-40', 'h-4 w-full']} />
        ) : list.error ? (
          <ErrorMessage error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : reviews.length === 0 ? (
          <EmptyState title="No reviews yet">{name} has not reviewed anything so far.</EmptyState>
        ) : (
          <ReviewCardList reviews={reviews} replyFrom={site?.name ?? 'the store'} />
        )}
        <MoreReviewsButton list={list} />
      </div>
    </section>
  );
}

function NoSuchMember({ slug }: { slug: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="member-not-found">
      <p className="text-sm font-semibold text-accent">404</p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">No member here</h1>
      <p className="mt-3 text-neutral-600">
        Nobody in the community goes by{' '}
        <code className="rounded bg-neutral-100 px-1 font-mono text-sm break-all">{slug}</code>. They may have left the
        community or changed their address.
      </p>
      <Link
        to="/members"
        className="mt-6 inline-flex min-h-10 items-center rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-strong"
      >
        See the community
      </Link>
    </div>
  );
}

function ProfileSkeleton() {
  return (
    <SkeletonStack
      label="Loading the profile"
      className="mx-auto max-w-3xl space-y-4 px-4 py-10"
      bars={['h-4 w-24', 'h-44 w-full rounded-xl', 'h-6 w-48', 'h-4 w-full']}
    />
  );
}
