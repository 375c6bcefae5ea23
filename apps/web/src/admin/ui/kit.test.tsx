import { describe, expect, it } from 'vitest';
import { queryClientWithSite, render, renderForOwner, staffClient, textOf } from '../testing.js';
import { Sidebar } from '../Sidebar.js';
import { adminNav, visibleNav } from '../nav.js';
import { matchOptions } from './Combobox.js';
import { changedKeys, FormPage } from './FormPage.js';
import { countOf, ResourceTable, type Column } from './ResourceTable.js';
import { ManagedList } from './ManagedList.js';

interface Row {
  id: string;
  name: string;
  status: 'PENDING' | 'APPROVED';
}
const rows: Row[] = [
  { id: 'a', name: 'Ada', status: 'PENDING' },
  { id: 'b', name: 'Grace', status: 'APPROVED' },
];
const columns: Array<Column<Row, 'name' | 'status'>> = [
  { header: 'Name', sortKey: 'name', primary: true, cell: (r) => r.name },
  { header: 'Status', sortKey: 'status', cell: (r) => r.status },
];
const noun = { one: 'member', other: 'members' };

function table(props: Partial<Parameters<typeof ResourceTable<Row, 'name' | 'status'>>[0]> = {}) {
  return renderForOwner(
    <ResourceTable<Row, 'name' | 'status'>
      noun={noun}
      rows={rows}
      rowKey={(r) => r.id}
      rowLabel={(r) => r.name}
      columns={columns}
      total={1234}
      sort={{ key: 'name', order: 'ASC' }}
      onSort={() => undefined}
      actions={[{ label: 'Approve', when: (r) => r.status === 'PENDING', onSelect: () => undefined }]}
      empty={{ title: 'No members yet' }}
      {...props}
    />,
  );
}

describe('ResourceTable', () => {
  it('marks the sorted column with an arrow and aria-sort, the others as sortable', () => {
    const html = table();
    expect(html).toMatch(/<th[^>]*aria-sort="ascending"[^>]*><button[^>]*><span[^>]*>Name/);
    expect(html).toContain('data-sort="ASC"');
    // Status sorts too, but is not the current order: a neutral arrow, no aria-sort.
    expect(html).toMatch(
      /<th scope="col" class="px-3 py-2"><button[^>]*><span[^>]*>Status<\/span><svg[^>]*data-sort="none"/,
    );
    expect(table({ sort: { key: 'name', order: 'DESC' } })).toContain('aria-sort="descending"');
  });

  it('states the total in words with thousands separators', () => {
    expect(textOf(table())).toContain('1,234 members');
    expect(countOf(1, noun)).toBe('1 member');
  });

  it('offers an action only on the rows it applies to, never disabled', () => {
    const html = table();
    expect(html).toContain('aria-label="Approve Ada"');
    expect(html).not.toContain('Approve Grace');
    expect(html).not.toMatch(/<button[^>]*disabled=""[^>]*>Approve/);
  });

  it('drops the actions column when no row on the page has an action', () => {
    expect(table()).toContain('>Actions<');
    expect(table({ rows: [rows[1]!] })).not.toContain('>Actions<');
  });

  it('renders the rows as cards for phones next to the table', () => {
    const html = table();
    expect(html).toContain('data-testid="table-cards"');
    expect(html).toMatch(/<dt[^>]*>Status<\/dt><dd[^>]*>APPROVED/);
  });

  it('shows the loading, error and empty states', () => {
    expect(table({ loading: true })).toContain('aria-label="Loading members"');
    expect(textOf(table({ rows: [] }))).toContain('No members yet');
    expect(textOf(table({ error: new Error('The list is down') }))).toContain('The list is down');
  });
});

describe('FormPage', () => {
  const page = (dirty: boolean) =>
    render(
      <FormPage dirty={dirty} onSubmit={() => undefined} onUndo={() => undefined} saveLabel="Save settings">
        <p>fields</p>
      </FormPage>,
      staffClient('OWNER'),
      queryClientWithSite(),
    );

  it('offers Undo only when something changed, and Save only then', () => {
    const clean = page(false);
    expect(clean).not.toContain('Undo changes');
    expect(clean).toMatch(/<button type="submit"[^>]*disabled=""[^>]*>Save settings/);
    const dirty = page(true);
    expect(dirty).toContain('Undo changes');
    expect(dirty).not.toMatch(/<button type="submit"[^>]*disabled=""/);
    expect(textOf(dirty)).toContain('You have unsaved changes.');
  });

  it('tracks which fields differ from the saved values', () => {
    const saved = { name: 'Shop', currency: 'EUR', captcha: 5 };
    expect(changedKeys(saved, saved)).toEqual([]);
    expect(changedKeys({ ...saved, currency: 'USD', captcha: 6 }, saved)).toEqual(['currency', 'captcha']);
  });
});

describe('Combobox search', () => {
  const options = [
    { value: 'Europe/Zurich', label: 'Europe / Zürich', detail: 'GMT+1' },
    { value: 'EUR', label: 'Euro', detail: 'EUR' },
    { value: 'USD', label: 'US Dollar', detail: 'USD' },
  ];
  it('matches every word, ignoring case and accents, in labels and codes', () => {
    expect(matchOptions(options, 'zurich').map((o) => o.value)).toEqual(['Europe/Zurich']);
    expect(matchOptions(options, 'usd').map((o) => o.value)).toEqual(['USD']);
    expect(matchOptions(options, 'eu ro').map((o) => o.value)).toEqual(['Europe/Zurich', 'EUR']);
    expect(matchOptions(options, '')).toHaveLength(3);
  });
});

describe('Sidebar', () => {
  const sidebar = (counts: Parameters<typeof Sidebar>[0]['counts']) =>
    render(<Sidebar siteName="Corner Shop" counts={counts} />, staffClient('OWNER'), queryClientWithSite());

  it('shows the groups that have screens, with a count on each queue that has waiting items', () => {
    const html = sidebar({ reviews: 3, reports: 1234, approvals: 0 });
    const text = textOf(html);
    for (const group of ['Store', 'Community', 'Content', 'Settings', 'Developers'])
      expect(html).toContain(`aria-label="${group}"`);
    expect(text).not.toMatch(/Soon|Coming/);
    expect(html).toMatch(/data-testid="waiting-reviews"[^>]*>.*?3.*? waiting/);
    expect(text).toContain('1,234 waiting');
    // Nothing waits for approval: no badge at all.
    expect(html).not.toContain('waiting-approvals');
  });

  it('lists only groups with items', () => {
    expect(visibleNav().map((g) => g.label)).toEqual([
      undefined,
      'Store',
      'Community',
      'Content',
      'Settings',
      'Developers',
    ]);
    expect(visibleNav([...adminNav, { label: 'Empty', items: [] }]).map((g) => g.label)).not.toContain('Empty');
  });
});

describe('ManagedList', () => {
  const list = (query: Partial<{ isPending: boolean; error: unknown }> = {}) =>
    renderForOwner(
      <ManagedList<Row>
        query={{ isPending: false, isFetching: false, error: null, refetch: () => undefined, ...query }}
        header={(add) => <header data-testid="head">{add}</header>}
        addLabel="Add member"
        noun={noun}
        rows={rows}
        rowKey={(r) => r.id}
        rowLabel={(r) => r.name}
        columns={columns}
        editor={{ edits: true, newTitle: 'Add', title: () => 'Edit', render: () => null }}
        toggle={{ isOn: (r) => r.status === 'APPROVED', set: () => undefined }}
        remove={{
          mutation: { mutate: () => undefined, isPending: false },
          confirmLabel: 'Delete member',
          consequence: 'Gone.',
        }}
        empty={{ title: 'No members yet' }}
      />,
    );

  it('puts the add button in the header and offers only the switch that applies to each row', () => {
    const html = list();
    expect(html).toMatch(/<header data-testid="head"><button[^>]*aria-haspopup="dialog"[^>]*>Add member<\/button>/);
    const text = textOf(html);
    // Ada is off: Turn on (never Turn off); Grace is on: Turn off.
    expect(html).toContain('aria-label="Turn on Ada"');
    expect(html).not.toContain('aria-label="Turn off Ada"');
    expect(html).toContain('aria-label="Turn off Grace"');
    expect(html).not.toContain('aria-label="Turn on Grace"');
    expect(text).toContain('Edit');
    expect(text).toContain('Delete');
  });

  it('shows the loading skeleton and the error from its query', () => {
    expect(list({ isPending: true })).toContain('Loading members');
    expect(textOf(list({ error: new Error('boom') }))).not.toContain('Ada');
  });
});
