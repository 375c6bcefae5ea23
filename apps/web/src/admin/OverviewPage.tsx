import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CheckCircle2, ChevronRight, Circle } from 'lucide-react';
import type { Site } from '@plaza/contracts';
import { paymentQueries, reviewQueries, useAuth, useMembersQuery, usePlaza, type ReviewsClient } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { currencyInfo } from '../lib/format.js';
import { Card } from '../ui/Card.js';
import { cx } from '../ui/cx.js';
import { Skeleton } from '../ui/Skeleton.js';
import { StarRating } from '../ui/StarRating.js';
import { useShortDate } from './dates.js';
import { memberName, noFilters, tableRequest } from './members/memberRules.js';
import { reportReasons } from './members/ReportsPage.js';
import { reviewSubject } from './reviews/subject.js';
import { SiteQuery } from './SiteQuery.js';
import { PageHeader } from './ui/PageHeader.js';
import { countOf } from './ui/ResourceTable.js';
import { setupChecklist } from './setup.js';
import { SalesCard } from './store/orders/SalesCard.js';
import { useOpenReports, useWaitingCounts, type WaitingCounts } from './waiting.js';

/** /admin: what waits for the owner, what is left to set up, and what happened lately. */
export function OverviewPage() {
  const { member: me } = useAuth();
  return (
    <>
      <PageHeader title="Overview" description="What needs you today, and what happened lately." />
      <div className="space-y-6">
        <Waiting counts={useWaitingCounts()} />
        {/* One shrinkable column below lg: cards never push the page wider than a 320 px screen. */}
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
          {me?.role === 'OWNER' && <SalesCard />}
          <SiteQuery>{(site) => <Checklist site={site} />}</SiteQuery>
          <NewMembers />
          <NewReviews />
          <OpenReports />
        </div>
      </div>
    </>
  );
}

const queues: Array<{ key: keyof WaitingCounts; to: string; noun: { one: string; other: string }; none: string }> = [
  {
    key: 'reviews',
    to: '/admin/reviews',
    noun: { one: 'review to moderate', other: 'reviews to moderate' },
    none: 'No reviews to moderate',
  },
  {
    key: 'reports',
    to: '/admin/reports',
    noun: { one: 'open report', other: 'open reports' },
    none: 'No open reports',
  },
  {
    key: 'approvals',
    to: '/admin/approvals',
    noun: { one: 'account to approve', other: 'accounts to approve' },
    none: 'Nobody waits for approval',
  },
];

/** The queues as counts linking to them; a queue the caller may not see is left out. */
export function Waiting({ counts }: { counts: WaitingCounts }) {
  const { member } = useAuth();
  const shown = queues.filter((q) => member?.role === 'OWNER' || q.key === 'reports');
  return (
    <section aria-labelledby="waiting-title">
      <h2 id="waiting-title" className="mb-3 text-base font-semibold">
        Waiting for you
      </h2>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {shown.map((q) => {
          const n = counts[q.key];
          return (
            <li key={q.key}>
              <Link
                to={q.to}
                data-testid={`overview-${q.key}`}
                className={cx(
                  'flex h-full items-center justify-between gap-3 rounded-lg border bg-white p-4 hover:bg-neutral-50',
                  n ? 'border-accent/40' : 'border-neutral-200',
                )}
              >
                {n === undefined ? (
                  <Skeleton className="h-6 w-40" />
                ) : n === 0 ? (
                  <span className="text-sm text-neutral-600">{q.none}</span>
                ) : (
                  <span className="text-sm text-neutral-800">
                    <span className="block text-2xl font-bold text-neutral-900 tabular-nums">
                      {new Intl.NumberFormat().format(n)}
                    </span>
                    {countOf(n, q.noun).replace(/^[\d,.\s]+/, '')}
                  </span>
                )}
                <ChevronRight className="h-4 w-4 shrink-0 text-neutral-400" aria-hidden />
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Checklist({ site }: { site: Site }) {
  const plaza = usePlaza();
  // Until it is read (or if it cannot be), the Stripe step stays to do: the payments screen says more.
  const methods = useQuery(paymentQueries.methods(plaza));
  const items = setupChecklist(site, currencyInfo(site).name, methods.data?.card);
  const done = items.filter((i) => i.done).length;
  return (
    <Card title="Set up your store" description={`${done} of ${items.length} done`}>
      <ul className="divide-y divide-neutral-100">
        {items.map((item) => (
          <li key={item.label}>
            <Link to={item.to} className="flex items-center gap-3 py-2.5 text-sm hover:bg-neutral-50">
              {item.done ? (
                <CheckCircle2 className="h-5 w-5 shrink-0 text-emerald-600" aria-label="Done" />
              ) : (
                <Circle className="h-5 w-5 shrink-0 text-neutral-300" aria-label="To do" />
              )}
              <span className="min-w-0 flex-1">
                <span className={cx('block font-medium', item.done ? 'text-neutral-700' : 'text-neutral-900')}>
                  {item.label}
                </span>
                <span className="block truncate text-xs text-neutral-500">{item.detail}</span>
              </span>
              <ChevronRight className="h-4 w-4 shrink-0 text-neutral-400" aria-hidden />
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** What a recent card shows of one item; it is dated by its creation, the newest first. */
interface RecentRow {
  title: ReactNode;
  detail?: ReactNode;
}

/** A card of the newest few of something, with a link to the screen where one acts on them. */
function RecentCard<T extends { id: string; createdDate?: string | undefined }>({
  title,
  to,
  linkLabel,
  query,
  items,
  empty,
  row,
}: {
  title: string;
  to: string;
  linkLabel: string;
  query: { isPending: boolean; error: unknown };
  items: readonly T[] | undefined;
  empty: string;
  row: (item: T) => RecentRow;
}) {
  const day = useShortDate();
  const rows = (items ?? []).map((item) => ({ ...row(item), key: item.id, when: item.createdDate }));
  return (
    <Card title={title}>
      {query.isPending ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : query.error ? (
        <p className="text-sm text-neutral-600">{title} could not be loaded. Try again in a moment.</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-neutral-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-neutral-100">
          {rows.map((r) => (
            <li key={r.key} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block truncate font-medium text-neutral-900">{r.title}</span>
                {r.detail && <span className="block truncate text-xs text-neutral-500">{r.detail}</span>}
              </span>
              {r.when && (
                <time dateTime={r.when} className="shrink-0 text-xs text-neutral-500">
                  {day(r.when)}
                </time>
              )}
            </li>
          ))}
        </ul>
      )}
      <Link to={to} className="mt-3 inline-block text-sm font-medium text-accent hover:underline">
        {linkLabel}
      </Link>
    </Card>
  );
}

// FULL, as the members table asks: the join date and login e-mail are not public.
const NEWEST_MEMBERS = tableRequest(noFilters, { key: 'created', order: 'DESC' }, { limit: 5, offset: 0 });

function NewMembers() {
  const query = useMembersQuery(NEWEST_MEMBERS);
  return (
    <RecentCard
      title="Newest members"
      to="/admin/members"
      linkLabel="All members"
      query={query}
      items={query.data?.members}
      empty="Nobody has signed up yet."
      row={(m) => ({ title: memberName(m), detail: m.loginEmail })}
    />
  );
}

function NewReviews() {
  const isOwner = useAuth().member?.role === 'OWNER';
  const request = {
    query: { sort: [{ fieldName: 'createdDate' as const, order: 'DESC' as const }], cursorPaging: { limit: 5 } },
    ...(isOwner ? { returnPrivateReviews: true } : {}),
  };
  const query = useQuery(reviewQueries.query(usePlaza<ReviewsClient>(), request));
  return (
    <RecentCard
      title="Newest reviews"
      to="/admin/reviews"
      linkLabel="All reviews"
      query={query}
      items={query.data?.reviews}
      empty="No reviews yet."
      row={(r) => ({
        title: r.content.title || r.content.body || 'A rating without text',
        detail: (
          <span className="inline-flex items-center gap-2">
            <StarRating value={r.content.rating} size="sm" />
            about {reviewSubject(r)}
          </span>
        ),
      })}
    />
  );
}

function OpenReports() {
  const query = useOpenReports();
  return (
    <RecentCard
      title="Open reports"
      to="/admin/reports"
      linkLabel="All reports"
      query={query}
      items={query.data?.reports}
      empty="Nobody reported anyone."
      row={(r) => ({
        title: r.reportedMember ? memberName(r.reportedMember) : 'A member',
        detail: reportReasons[r.reason],
      })}
    />
  );
}
