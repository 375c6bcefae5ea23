import { describe, expect, it, vi } from 'vitest';
import type { Member } from '@plaza/contracts';
import { memberQueries, type MembersClient } from '@plaza/react';
import { fakeClient, MEMBER_ID, queryClientWithSite, render, textOf } from '../../storefront/testing.js';
import ProfilePage from '../ProfilePage.js';

// The start-up silent login is browser-only (no server snapshot); here it has finished.
vi.mock('../../auth/silent.js', () => ({ useSilentLoginStatus: () => 'done' }));

const me: Member = {
  id: MEMBER_ID,
  slug: 'ada',
  privacyStatus: 'PRIVATE',
  loginEmail: 'ada@example.com',
  profile: { nickname: 'Ada', title: 'Maker', photo: { url: 'https://img.example/ada.png' } },
  contact: {
    firstName: 'Ada',
    emails: [{ email: 'ada@work.example', tag: 'WORK' }],
    phones: [],
    addresses: [{ address: { city: 'London', country: 'GB' }, tag: 'HOME' }],
  },
};

describe('ProfilePage', () => {
  it('asks a visitor to log in', () => {
    const client = fakeClient(null, { members: {} });
    const text = textOf(render(<ProfilePage />, client, queryClientWithSite(), '/account/profile'));
    expect(text).toContain('Log in to see your account');
    expect(text).not.toContain('Delete my account');
  });

  it("fills the member's forms: profile, address, community, contacts and deletion", () => {
    const client = fakeClient(MEMBER_ID, { members: {} });
    const queryClient = queryClientWithSite();
    queryClient.setQueryData(memberQueries.my(client as unknown as MembersClient, MEMBER_ID).queryKey, me);
    const html = render(<ProfilePage />, client, queryClient, '/account/profile');
    const text = textOf(html);
    for (const heading of ['Your profile', 'Profile link', 'Community', 'Contact details', 'Delete my account']) {
      expect(text).toContain(heading);
    }
    expect(html).toContain('value="Ada"');
    expect(html).toContain('value="Maker"');
    expect(html).toContain('value="ada"'); // the slug
    expect(html).toContain('src="https://img.example/ada.png"'); // the photo preview
    expect(html).toContain('value="ada@work.example"');
    expect(html).toContain('value="London"');
    expect(text).toContain('Private');
    expect(text).toContain('Join the community');
    // Nothing changed yet: the save buttons wait.
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Save profile<\/button>/);
  });
});
