import type { ActivityStatus, MemberRoleName, MemberStatus } from '@plaza/contracts';
import { inputClass } from '../../ui/Field.js';
import { SelectField } from '../ui/SelectField.js';
import { activityLabels, noFilters, roleLabels, statusLabels, type MemberFilters } from './memberRules.js';
import { ClearFilters } from '../ui/ClearFilters.js';

const any = { value: '', label: 'Any' } as const;
const options = <T extends string>(labels: Record<T, string>) => [
  any,
  ...(Object.entries(labels) as Array<[T, string]>).map(([value, label]) => ({ value, label })),
];
const statusOptions = options<MemberStatus>(statusLabels);
const roleOptions = options<MemberRoleName>(roleLabels);
const activityOptions = options<ActivityStatus>(activityLabels);

/** Search box and the status, role and activity filters above the members table. */
export function MembersToolbar({
  filters,
  onChange,
}: {
  filters: MemberFilters;
  onChange: (filters: MemberFilters) => void;
}) {
  const set = <K extends keyof MemberFilters>(key: K, value: MemberFilters[K]) =>
    onChange({ ...filters, [key]: value });
  const filtered = filters.search || filters.status || filters.role || filters.activityStatus;
  return (
    <div className="grid grid-cols-3 items-end gap-3 lg:grid-cols-[minmax(14rem,2fr)_repeat(3,minmax(8rem,1fr))_auto]">
      <div className="col-span-3 lg:col-span-1">
        <label htmlFor="member-search" className="mb-1 block text-sm font-medium text-neutral-800">
          Search
        </label>
        <input
          id="member-search"
          type="search"
          className={inputClass}
          placeholder="Name, nickname or e-mail"
          maxLength={100}
          value={filters.search}
          onChange={(e) => set('search', e.target.value)}
        />
      </div>
      <SelectField label="Status" value={filters.status} options={statusOptions} onChange={(v) => set('status', v)} />
      <SelectField label="Role" value={filters.role} options={roleOptions} onChange={(v) => set('role', v)} />
      <SelectField
        label="Activity"
        value={filters.activityStatus}
        options={activityOptions}
        onChange={(v) => set('activityStatus', v)}
      />
      <ClearFilters span="col-span-3" disabled={!filtered} onClear={() => onChange(noFilters)} />
    </div>
  );
}
