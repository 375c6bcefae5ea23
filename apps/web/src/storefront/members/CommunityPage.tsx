import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuth, useMembersQuery, useMyMember } from '@plaza/react';
import { Alert } from '../../ui/Alert.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { TextField } from '../../ui/Field.js';
import { Pagination } from '../../ui/Pagination.js';
import { Skeleton } from '../../ui/Skeleton.js';
import { MemberCard } from './MemberCard.js';

const PAGE_SIZE = 24;

/** A page of the community's members by nickname, matching the search when there is one. */
function usePublicMembers(q: string, offset: number) {
  return useMembersQuery({
    // Owners could see PRIVATE members too: this page is the public directory either way.
    query: {
      filter: { privacyStatus: 'PUBLIC' },
      sort: [{ fieldName: 'profile.nickname', order: 'ASC' }],
      paging: { limit: PAGE_SIZE, offset },
    },
    ...(q ? { search: { expression: q.slice(0, 100) } } : {}),
    fieldsets: ['PUBLIC'],
  });
}

/** /members: the members who joined the community (PUBLIC), by nickname, with search and pages. */
export default function CommunityPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const offset = Math.max(0, Number.parseInt(params.get('offset') ?? '0', 10) || 0);
  const [typed, setTyped] = useState(q);

  // Back and Forward change the URL: the box follows.
  useEffect(() => setTyped((t) => (t.trim() === q ? t : q)), [q]);
  // The URL holds the search and the page, so both survive a reload and the Back button; typing settles first.
  useEffect(() => {
    if (typed.trim() === q) return;
    const t = setTimeout(() => setParams(typed.trim() ? { q: typed.trim() } : {}, { replace: true }), 300);
    return () => clearTimeout(t);
  }, [typed, q, setParams]);

  const result = usePublicMembers(q, offset);
  const members = result.data?.members ?? [];

  const goTo = (next: number) => {
    setParams(next > 0 ? { ...(q ? { q } : {}), offset: String(next) } : q ? { q } : {});
    window.scrollTo({ top: 0 });
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight text-neutral-900 sm:text-3xl">Community</h1>
      <p className="mt-2 max-w-2xl text-neutral-600">
        Members who chose to show their profile. Join from your profile page to appear here.
      </p>
      <JoinHint />
      <form role="search" className="mt-6 max-w-md" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label="Search members"
          type="search"
          placeholder="Name or nickname"
          maxLength={100}
          counter={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
      </form>
      <div className="mt-6" aria-busy={result.isFetching || undefined}>
        {result.isPending ? (
          <GridSkeleton />
        ) : result.error ? (
          <ErrorMessage error={result.error} onRetry={() => void result.refetch()} retrying={result.isFetching} />
        ) : members.length === 0 ? (
          <EmptyState title={q ? `No members match “${q}”` : 'No members to show yet'}>
            {q ? 'Try another name.' : 'When members join the community, they appear here.'}
          </EmptyState>
        ) : (
          <>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Members">
              {members.map((m) => (
                <li key={m.id}>
                  <MemberCard member={m} />
                </li>
              ))}
            </ul>
            <div className="mt-6">
              <Pagination
                offset={result.data?.metadata.offset ?? offset}
                count={members.length}
                total={result.data?.metadata.total ?? members.length}
                pageSize={PAGE_SIZE}
                onOffsetChange={goTo}
                busy={result.isPlaceholderData}
                noun="members"
              />
            </div>
          </>
        )}
      </div>
    </div>
  );
}

/** A signed-in member who is not listed learns how to join. */
function JoinHint() {
  const { loggedIn } = useAuth();
  const { data: me } = useMyMember();
  if (!loggedIn || !me || me.privacyStatus === 'PUBLIC') return null;
  return (
    <Alert className="mt-4 max-w-2xl" title="You are not listed here">
      Your profile is private.{' '}
      <Link to="/account/profile#privacy" className="font-medium underline underline-offset-2">
        Join the community
      </Link>{' '}
      to show your nickname and photo to other visitors.
    </Alert>
  );
}

function GridSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading members" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="flex items-center gap-3 rounded-lg border border-neutral-200 p-4">
          <Skeleton className="h-12 w-12 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-32" />
            <Skeleton className="h-3 w-24" />
          </div>
        </div>
      ))}
    </div>
  );
}
