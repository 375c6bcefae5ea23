import { describe, expect, it } from 'vitest';
import { memberQueries, type MembersClient } from '@plaza/react';
import { member, queryClientWithSite, render, staffClient, textOf } from '../testing.js';
import { BulkBar } from './BulkBar.js';
import { MembersPage } from './MembersPage.js';
import { noFilters, tableRequest } from './memberRules.js';

const firstPage = tableRequest(noFilters, { key: 'created', order: 'DESC' }, { limit: 25, offset: 0 });

describe('MembersPage', () => {
  it('shows one page of members with their FULL details, sortable headers and the total', () => {
    const client = staffClient('OWNER', { members: {} });
    const queryClient = queryClientWithSite();
    const rows = [
      member({ profile: { nickname: 'Ada' }, loginEmail: 'ada@example.com', status: 'PENDING' }),
      member({ profile: { nickname: 'Grace' }, activityStatus: 'MUTED', role: 'CONTRIBUTOR', status: 'BLOCKED' }),
    ];
    queryClient.setQueryData(memberQueries.query(client as unknown as MembersClient, firstPage).queryKey, {
      members: rows,
      metadata: { count: 2, offset: 0, total: 60 },
    });
    const html = render(<MembersPage />, client, queryClient, '/admin/members');
    const text = textOf(html);
    for (const word of ['Ada', 'ada@example.com', 'Pending', 'Grace', 'Blocked', 'Muted', 'Contributor']) {
      expect(text).toContain(word);
    }
    expect(text).toContain('1 – 2 of 60 members');
    // The default order is newest first, announced on its header; the others sort on click.
    expect(html).toMatch(/<th[^>]*aria-sort="descending"[^>]*><button[^>]*><span[^>]*>Joined/);
    expect(text).toContain('60 members');
    // Approve only where it applies: the pending member has it, the blocked one does not.
    expect(html).toContain('aria-label="Approve Ada"');
    expect(html).not.toContain('aria-label="Approve Grace"');
    // Phones get cards instead of the table.
    expect(html).toContain('data-testid="table-cards"');
    expect(html).toContain('aria-label="Select every member on this page"');
    expect(html).toContain(`aria-label="Select Ada"`);
    // Each name is a link that opens the drawer, so the keyboard reaches it.
    expect(html).toContain(`href="/admin/members?member=${rows[0]!.id}"`);
  });

  it('says when nobody has signed up yet', () => {
    const client = staffClient('OWNER', { members: {} });
    const queryClient = queryClientWithSite();
    queryClient.setQueryData(memberQueries.query(client as unknown as MembersClient, firstPage).queryKey, {
      members: [],
      metadata: { count: 0, offset: 0, total: 0 },
    });
    expect(textOf(render(<MembersPage />, client, queryClient, '/admin/members'))).toContain('No members yet');
  });

  it('shows a skeleton while the first page loads', () => {
    const html = render(<MembersPage />, staffClient('OWNER', { members: {} }), queryClientWithSite());
    expect(html).toContain('aria-label="Loading members"');
  });
});

describe('BulkBar', () => {
  const props = {
    count: 25,
    pageSize: 25,
    total: 60,
    pageFullySelected: true,
    allMatching: false,
    onSelectAllMatching: () => undefined,
    onClear: () => undefined,
    onAction: () => undefined,
  };

  it('offers every member matching the filter once the whole page is selected', () => {
    const text = textOf(render(<BulkBar {...props} canAct />, staffClient('OWNER'), queryClientWithSite()));
    expect(text).toContain('25 members selected on this page');
    expect(text).toContain('Select all 60 members matching the filter');
    for (const action of ['Approve …', 'Block …', 'Delete …']) expect(text).toContain(action);
  });

  it('states the whole match once chosen', () => {
    const text = textOf(render(<BulkBar {...props} allMatching canAct />, staffClient('OWNER'), queryClientWithSite()));
    expect(text).toContain('All 60 members matching the filter are selected');
  });

  it('keeps the owner-only actions from contributors', () => {
    const text = textOf(
      render(<BulkBar {...props} canAct={false} />, staffClient('CONTRIBUTOR'), queryClientWithSite()),
    );
    expect(text).not.toContain('Delete');
    expect(text).toContain('Only the owner can approve, block or delete members');
  });
});
