import { Link } from 'react-router';
import type { Member } from '@plaza/contracts';
import { Avatar } from '../../ui/Avatar.js';
import { Badge } from '../../ui/Badge.js';
import { useDateFormat, useShortDate } from '../dates.js';
import { ResourceTable, type Column, type ResourceTableProps, type RowAction } from '../ui/ResourceTable.js';
import { MemberStatusBadge } from './MemberStatusBadge.js';
import { activityLabels, fullName, memberName, roleLabels, type SortKey } from './memberRules.js';

export const memberNoun = { one: 'member', other: 'members' };

/** The members table's columns: who (nickname and login e-mail), name, state, and two dates. */
function useMemberColumns(drawerLink: (id: string) => string): Array<Column<Member, SortKey>> {
  const long = useDateFormat();
  const short = useShortDate();
  const day = (iso: string | undefined, none: string) =>
    iso ? (
      <time dateTime={iso} title={long(iso)}>
        {short(iso)}
      </time>
    ) : (
      <span className="text-neutral-500">{none}</span>
    );
  return [
    {
      header: 'Member',
      sortKey: 'nickname',
      primary: true,
      cell: (m) => (
        <div className="flex min-w-0 items-center gap-3">
          <Avatar src={m.profile.photo?.url} name={memberName(m)} size="sm" />
          <div className="min-w-0">
            <Link
              to={drawerLink(m.id)}
              onClick={(e) => e.stopPropagation()}
              className="block truncate font-medium text-neutral-900 hover:underline"
            >
              {m.profile.nickname || <span className="text-neutral-500 italic">No nickname</span>}
            </Link>
            <span className="block truncate text-xs text-neutral-500" title={m.loginEmail}>
              {m.loginEmail ?? `/${m.slug}`}
            </span>
          </div>
        </div>
      ),
    },
    {
      header: 'Name',
      sortKey: 'name',
      className: 'w-36',
      cell: (m) => fullName(m) || <span className="text-neutral-400">—</span>,
    },
    {
      header: 'Status',
      className: 'w-40',
      cell: (m) => (
        <span className="inline-flex flex-wrap gap-1">
          <MemberStatusBadge status={m.status} />
          {m.activityStatus === 'MUTED' && <Badge tone="warning">{activityLabels.MUTED}</Badge>}
          {m.role && m.role !== 'MEMBER' && <Badge tone="accent">{roleLabels[m.role]}</Badge>}
        </span>
      ),
    },
    {
      header: 'Joined',
      sortKey: 'created',
      firstOrder: 'DESC',
      className: 'w-28',
      cell: (m) => day(m.createdDate, '—'),
    },
    {
      header: 'Last login',
      sortKey: 'lastLogin',
      firstOrder: 'DESC',
      className: 'w-28',
      cell: (m) => day(m.lastLoginDate, 'Never'),
    },
  ];
}

/** The members of one page on the dashboard's table: a row (or its name link) opens the member's drawer. */
export function MembersTable({
  drawerLink,
  actions,
  ...table
}: Omit<ResourceTableProps<Member, SortKey>, 'noun' | 'columns' | 'rowKey' | 'rowLabel' | 'actions'> & {
  drawerLink: (id: string) => string;
  actions?: Array<RowAction<Member>>;
}) {
  const columns = useMemberColumns(drawerLink);
  return (
    <ResourceTable
      {...table}
      noun={memberNoun}
      columns={columns}
      rowKey={(m) => m.id}
      rowLabel={memberName}
      {...(actions ? { actions } : {})}
    />
  );
}
