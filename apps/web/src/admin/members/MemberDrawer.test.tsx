import { describe, expect, it } from 'vitest';
import { jobQueries, memberQueries, type JobsClient, type MembersClient } from '@plaza/react';
import type { Job } from '@plaza/contracts';
import { member, queryClientWithSite, render, staffClient, textOf } from '../testing.js';
import { BulkJobPanel } from './BulkJobPanel.js';
import { MemberDrawer } from './MemberDrawer.js';

function drawerFor(m: ReturnType<typeof member>, role: 'OWNER' | 'CONTRIBUTOR' = 'OWNER') {
  const client = staffClient(role, { members: {} });
  const queryClient = queryClientWithSite();
  queryClient.setQueryData(memberQueries.byId(client as unknown as MembersClient, m.id, ['FULL']).queryKey, m);
  return render(<MemberDrawer memberId={m.id} onClose={() => undefined} />, client, queryClient);
}

/** The opening tag of the button with this text (failing when there is none). */
function buttonTag(html: string, label: string): string {
  const tag = html.match(new RegExp(`<button[^>]*>(?:<!-- -->)?${label}</button>`))?.[0];
  if (!tag) throw new Error(`no button "${label}"`);
  return tag;
}

describe('MemberDrawer', () => {
  const ada = member({
    status: 'BLOCKED',
    profile: { nickname: 'Ada', title: 'Regular' },
    contact: {
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Engines Ltd',
      emails: [{ email: 'ada@work.example', tag: 'WORK' }],
      phones: [{ phone: '+44 20 7946 0000', tag: 'MOBILE' }],
      addresses: [],
    },
  });

  it('shows the profile, account facts and every contact detail', () => {
    const text = textOf(drawerFor(ada));
    for (const s of ['Ada Lovelace', 'Regular', 'Blocked', 'Engines Ltd', 'ada@work.example', '+44 20 7946 0000']) {
      expect(text).toContain(s);
    }
    expect(text).toContain(`/members/${ada.slug}`);
  });

  it('offers only the transitions the status allows: none that cannot apply, not even disabled', () => {
    const html = drawerFor(ada);
    expect(buttonTag(html, 'Approve')).not.toContain('aria-disabled');
    expect(html).not.toMatch(/<button[^>]*>(?:<!-- -->)?Block</);
    expect(html).not.toMatch(/<button[^>]*>(?:<!-- -->)?Disconnect</);
    // No addresses: that group's delete says there is nothing to delete.
    expect(textOf(html)).toContain('There are none.');
  });

  it('lets a contributor mute but not block, delete or change roles', () => {
    const html = drawerFor(member({ status: 'APPROVED' }), 'CONTRIBUTOR');
    expect(buttonTag(html, 'Mute')).not.toContain('aria-disabled');
    expect(buttonTag(html, 'Block')).toContain('aria-disabled="true"');
    expect(textOf(html)).toContain('Only the owner can block members.');
    expect(textOf(html)).toContain('Only the owner can change roles.');
    expect(html).toMatch(/<select[^>]*disabled=""/);
  });

  it('never offers actions on the owner', () => {
    const html = drawerFor(member({ role: 'OWNER' }));
    for (const label of ['Approve', 'Block', 'Mute', 'Disconnect', 'Delete…']) {
      expect(html).not.toMatch(new RegExp(`<button[^>]*>(?:<!-- -->)?${label}<`));
    }
    expect(textOf(html)).toContain("The site owner can't be changed here.");
  });
});

describe('BulkJobPanel', () => {
  const job = (over: Partial<Job>): Job => ({
    id: 'job-1',
    kind: 'MEMBERS_BULK_BLOCK_BY_FILTER',
    status: 'RUNNING',
    progress: { total: 10_000, processed: 2_500, succeeded: 2_500, failed: 0 },
    failures: [],
    createdDate: '2025-03-01T10:00:00.000Z',
    ...over,
  });
  function panel(j: Job) {
    const client = staffClient('OWNER', { jobs: {} });
    const queryClient = queryClientWithSite();
    queryClient.setQueryData(jobQueries.job(client as unknown as JobsClient, j.id).queryKey, j);
    return render(
      <BulkJobPanel
        jobId={j.id}
        action="block"
        drawerLink={(id) => `?member=${id}`}
        onFinished={() => undefined}
        onDismiss={() => undefined}
      />,
      client,
      queryClient,
    );
  }

  it('shows the progress of a running job', () => {
    const html = panel(job({}));
    expect(html).toMatch(/role="progressbar"[^>]*aria-valuemax="10000"[^>]*aria-valuenow="2500"/);
    expect(textOf(html)).toContain('2,500 of 10,000');
  });

  it('lists each failure with its message when done', () => {
    const text = textOf(
      panel(
        job({
          status: 'COMPLETED',
          progress: { total: 3, processed: 3, succeeded: 2, failed: 1 },
          failures: [{ itemId: 'm-9', code: 'CONFLICT', message: 'The site owner cannot be blocked' }],
        }),
      ),
    );
    expect(text).toContain('2 of 3 members blocked');
    expect(text).toContain('1 could not be blocked');
    expect(text).toContain('m-9 : The site owner cannot be blocked');
  });
});
