import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Member } from '@plaza/contracts';
import { Avatar } from '../../ui/Avatar.js';
import { Badge } from '../../ui/Badge.js';
import { cx } from '../../ui/cx.js';
import { useDateFormat } from '../dates.js';
import { MemberStatusBadge } from './MemberStatusBadge.js';
import { activityLabels, fullName, memberName, roleLabels, type SortKey, type TableSort } from './memberRules.js';

const checkboxClass = 'h-4 w-4 shrink-0 accent-accent';

/**
 * The members of one page. A row click (or its name link, for the keyboard) opens the member's drawer; the checkbox
 * column selects rows for the bulk actions.
 */
export function MembersTable({
  members,
  sort,
  onSort,
  selected,
  onSelect,
  onSelectPage,
  drawerLink,
  onOpen,
}: {
  members: Member[];
  sort: TableSort;
  onSort: (sort: TableSort) => void;
  selected: ReadonlySet<string>;
  onSelect: (id: string, on: boolean) => void;
  onSelectPage: (on: boolean) => void;
  drawerLink: (id: string) => string;
  onOpen: (id: string) => void;
}) {
  const date = useDateFormat();
  const onPage = members.filter((m) => selected.has(m.id)).length;
  const header = (key: SortKey, label: string) => (
    <SortHeader label={label} sortKey={key} sort={sort} onSort={onSort} />
  );
  return (
    // Scrolls sideways on small screens; the name column stays readable.
    <div className="relative overflow-x-auto rounded-lg border border-neutral-200 bg-white">
      <table className="w-full min-w-[56rem] text-left text-sm">
        <thead className="border-b border-neutral-200 bg-neutral-50 text-xs font-medium text-neutral-600">
          <tr>
            <th scope="col" className="w-10 px-3 py-2">
              <PageCheckbox
                all={onPage === members.length && members.length > 0}
                some={onPage > 0}
                onChange={onSelectPage}
              />
            </th>
            {header('nickname', 'Member')}
            {header('name', 'Name')}
            <th scope="col" className="px-3 py-2">
              Login e-mail
            </th>
            <th scope="col" className="px-3 py-2">
              Status
            </th>
            <th scope="col" className="px-3 py-2">
              Role
            </th>
            <th scope="col" className="px-3 py-2">
              Activity
            </th>
            {header('created', 'Created')}
            {header('lastLogin', 'Last login')}
          </tr>
        </thead>
        <tbody className="divide-y divide-neutral-100">
          {members.map((m) => {
            const name = memberName(m);
            const checked = selected.has(m.id);
            return (
              <tr
                key={m.id}
                onClick={() => onOpen(m.id)}
                className={cx('cursor-pointer hover:bg-neutral-50', checked && 'bg-accent-soft/60')}
              >
                <td className="px-3 py-2" onClick={(e) => e.stopPropagation()}>
                  <input
                    type="checkbox"
                    className={checkboxClass}
                    aria-label={`Select ${name}`}
                    checked={checked}
                    onChange={(e) => onSelect(m.id, e.target.checked)}
                  />
                </td>
                <td className="px-3 py-2">
                  <div className="flex min-w-0 items-center gap-3">
                    <Avatar src={m.profile.photo?.url} name={name} size="sm" />
                    <div className="min-w-0">
                      <Link
                        to={drawerLink(m.id)}
                        onClick={(e) => e.stopPropagation()}
                        className="block max-w-52 truncate font-medium text-neutral-900 hover:underline"
                      >
                        {m.profile.nickname || <span className="text-neutral-500 italic">No nickname</span>}
                      </Link>
                      <span className="block max-w-52 truncate text-xs text-neutral-500">/{m.slug}</span>
                    </div>
                  </div>
                </td>
                <Cell>{fullName(m) || <Dash />}</Cell>
                <Cell>
                  <span className="block max-w-56 truncate" title={m.loginEmail}>
                    {m.loginEmail ?? <Dash />}
                  </span>
                </Cell>
                <Cell>
                  <MemberStatusBadge status={m.status} />
                </Cell>
                <Cell>{m.role ? roleLabels[m.role] : <Dash />}</Cell>
                <Cell>
                  {m.activityStatus === 'MUTED' ? (
                    <Badge tone="warning">{activityLabels.MUTED}</Badge>
                  ) : (
                    activityLabels.ACTIVE
                  )}
                </Cell>
                <Cell>{date(m.createdDate)}</Cell>
                <Cell>{m.lastLoginDate ? date(m.lastLoginDate) : <span className="text-neutral-500">Never</span>}</Cell>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Cell({ children }: { children: ReactNode }) {
  return <td className="px-3 py-2 whitespace-nowrap text-neutral-700">{children}</td>;
}

function Dash() {
  return <span className="text-neutral-400">—</span>;
}

/** Selects every row of the page; shows "some" as the indeterminate state. */
function PageCheckbox({ all, some, onChange }: { all: boolean; some: boolean; onChange: (on: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = some && !all;
  }, [all, some]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={checkboxClass}
      aria-label="Select every member on this page"
      checked={all}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

/** A column header that sorts by its column; a second click reverses the order. */
function SortHeader({
  label,
  sortKey,
  sort,
  onSort,
}: {
  label: string;
  sortKey: SortKey;
  sort: TableSort;
  onSort: (sort: TableSort) => void;
}) {
  const active = sort.key === sortKey;
  // Names read A→Z first; dates newest first.
  const first = sortKey === 'nickname' || sortKey === 'name' ? 'ASC' : 'DESC';
  const next = active ? (sort.order === 'ASC' ? 'DESC' : 'ASC') : first;
  return (
    <th
      scope="col"
      className="px-3 py-2"
      aria-sort={active ? (sort.order === 'ASC' ? 'ascending' : 'descending') : undefined}
    >
      <button
        type="button"
        onClick={() => onSort({ key: sortKey, order: next })}
        className={cx(
          '-mx-1 inline-flex items-center gap-1 rounded px-1 py-0.5 font-medium whitespace-nowrap hover:text-neutral-900',
          active && 'text-neutral-900',
        )}
      >
        {label}
        <span aria-hidden="true" className={cx('text-[10px]', !active && 'text-neutral-300')}>
          {active && sort.order === 'ASC' ? '▲' : '▼'}
        </span>
        <span className="sr-only">, sort {next === 'ASC' ? 'ascending' : 'descending'}</span>
      </button>
    </th>
  );
}
