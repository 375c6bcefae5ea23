import { useCallback, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Member } from '@plaza/contracts';
import { identityQueries, memberQueries, useAuth, useMembersQuery, usePlaza } from '@plaza/react';
import { useMembersMutation } from '../data.js';
import { useToast } from '../Toast.js';
import type { RowAction } from '../ui/ResourceTable.js';
import { PageHeader } from '../SiteQuery.js';
import { useDebouncedValue } from '../ui/useDebouncedValue.js';
import { BulkBar } from './BulkBar.js';
import { BulkConfirm } from './BulkConfirm.js';
import { BulkJobPanel } from './BulkJobPanel.js';
import type { BulkAction, BulkTarget } from './bulk.js';
import { MemberDrawer, useMemberDrawer } from './MemberDrawer.js';
import { MembersTable } from './MembersTable.js';
import { MembersToolbar } from './MembersToolbar.js';
import {
  filterOf,
  memberName,
  noFilters,
  searchOf,
  tableRequest,
  type MemberFilters,
  type TableSort,
} from './memberRules.js';
import { tableStates } from '../ui/ResourceTable.js';

const PAGE_SIZE = 25;

/** /admin/members: search, filter, sort and page through members; select rows for bulk actions; open one. */
export function MembersPage() {
  const { member: me } = useAuth();
  const isOwner = me?.role === 'OWNER';
  const drawer = useMemberDrawer();

  const selection = useMemberSelection();
  const { selected, allMatching, setAllMatching, clearSelection } = selection;
  const listing = useMemberListing(clearSelection);
  const { filters, setFilters, applied, sort, setSort, offset, setOffset } = listing;
  const list = listing.query;
  const { data } = list;
  const members = data?.members ?? [];
  const total = data?.metadata.total ?? 0;
  const approveAction = useApproveAction();
  const [confirming, setConfirming] = useState<BulkAction | null>(null);
  const [job, setJob] = useState<{ id: string; action: BulkAction } | null>(null);

  const count = allMatching ? total : selected.size;
  const target: BulkTarget = allMatching
    ? { kind: 'filter', filter: filterOf(applied), search: searchOf(applied) }
    : { kind: 'ids', ids: [...selected] };
  const pageFullySelected = members.length > 0 && members.every((m) => selected.has(m.id));

  return (
    <>
      <PageHeader
        title="Members"
        description="Everyone with an account on your site. Click a member to see their details and act on them."
      />
      <div className="space-y-4">
        <MembersToolbar filters={filters} onChange={setFilters} />
        {job && <RunningJob key={job.id} job={job} drawerLink={drawer.link} onDismiss={() => setJob(null)} />}
        {count > 0 && (
          <BulkBar
            count={count}
            pageSize={members.length}
            total={total}
            pageFullySelected={pageFullySelected}
            allMatching={allMatching}
            canAct={isOwner}
            onSelectAllMatching={() => setAllMatching(true)}
            onClear={clearSelection}
            onAction={setConfirming}
          />
        )}
        <MembersTable
          rows={data?.members}
          total={data?.metadata.total}
          {...tableStates(list)}
          empty={emptyTable(applied)}
          sort={sort}
          onSort={setSort}
          selection={{
            selected: allMatching ? new Set(members.map((m) => m.id)) : selected,
            onSelect: selection.select,
            onSelectPage: (on) => selection.selectPage(members, on),
          }}
          {...(isOwner ? { actions: [approveAction] } : {})}
          paging={{ offset, pageSize: PAGE_SIZE, onOffsetChange: setOffset }}
          drawerLink={drawer.link}
          onOpen={(m) => drawer.open(m.id)}
        />
      </div>
      <BulkConfirm
        action={confirming}
        count={count}
        target={target}
        onCancel={() => setConfirming(null)}
        onStarted={(jobId, action) => {
          setConfirming(null);
          clearSelection();
          setJob({ id: jobId, action });
        }}
      />
      <MemberDrawer memberId={drawer.memberId} onClose={drawer.close} />
    </>
  );
}

/** What an empty table says: nothing matches the search and filters, or nobody has signed up yet. */
function emptyTable(applied: MemberFilters) {
  const filtered = Boolean(applied.search.trim() || applied.status || applied.role || applied.activityStatus);
  return filtered
    ? { title: 'No member matches', body: 'Try another search or clear the filters.' }
    : { title: 'No members yet', body: 'People who sign up on your site show up here.' };
}

/** The bulk job under way; the members list refreshes once it finishes. */
function RunningJob({
  job,
  drawerLink,
  onDismiss,
}: {
  job: { id: string; action: BulkAction };
  drawerLink: (memberId: string) => string;
  onDismiss: () => void;
}) {
  const queryClient = useQueryClient();
  const onJobFinished = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: memberQueries.all() });
  }, [queryClient]);
  return (
    <BulkJobPanel
      jobId={job.id}
      action={job.action}
      drawerLink={drawerLink}
      onFinished={onJobFinished}
      onDismiss={onDismiss}
    />
  );
}

/** The filters, order and page of the table, and the members query they make. */
function useMemberListing(clearSelection: () => void) {
  const [filters, setFiltersState] = useState<MemberFilters>(noFilters);
  const [sort, setSortState] = useState<TableSort>({ key: 'created', order: 'DESC' });
  const [offset, setOffset] = useState(0);
  // Typing waits for a pause; the dropdowns apply at once.
  const search = useDebouncedValue(filters.search, 300);
  const applied = useMemo(() => ({ ...filters, search }), [filters, search]);
  const request = useMemo(() => tableRequest(applied, sort, { limit: PAGE_SIZE, offset }), [applied, sort, offset]);
  const query = useMembersQuery(request);
  // A different filter or order means a different set of rows: start from the first page with nothing selected.
  const setFilters = (next: MemberFilters) => {
    setFiltersState(next);
    setOffset(0);
    clearSelection();
  };
  const setSort = (next: TableSort) => {
    setSortState(next);
    setOffset(0);
  };
  return { filters, setFilters, applied, sort, setSort, offset, setOffset, query };
}

/** Rows picked one by one or a page at a time, or (`allMatching`) every member the filters match. */
function useMemberSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const clearSelection = () => {
    setSelected(new Set());
    setAllMatching(false);
  };
  const select = (id: string, on: boolean) => {
    setAllMatching(false);
    setSelected((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };
  const selectPage = (members: Member[], on: boolean) => {
    setAllMatching(false);
    setSelected((s) => {
      const next = new Set(s);
      for (const m of members) {
        if (on) next.add(m.id);
        else next.delete(m.id);
      }
      return next;
    });
  };
  return { selected, allMatching, setAllMatching, clearSelection, select, selectPage };
}

/** "Approve" on a row, offered only for a member who waits for approval (the drawer holds every other action). */
function useApproveAction(): RowAction<Member> {
  const plaza = usePlaza();
  const toast = useToast();
  const queryClient = useQueryClient();
  const approve = useMembersMutation(
    (m: Member) => plaza.members.approveMember(m.id),
    (_r, m) => {
      toast(`${memberName(m)} is approved`);
      // They no longer wait under Approvals either: the sidebar's count follows.
      void queryClient.invalidateQueries({ queryKey: identityQueries.all() });
    },
  );
  return {
    label: 'Approve',
    when: (m) => m.status === 'PENDING' && m.role !== 'OWNER',
    onSelect: (m) => approve.mutate(m),
  };
}
