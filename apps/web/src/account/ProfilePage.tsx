import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useAuth, useMyMember } from '@plaza/react';
import { useSilentLoginStatus } from '../auth/silent.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { PageSkeleton } from '../ui/PageSkeleton.js';
import { AccountNav } from './AccountNav.js';
import { AddressCard } from './profile/AddressCard.js';
import { ContactCard } from './profile/ContactCard.js';
import { DeleteAccountCard } from './profile/DeleteAccountCard.js';
import { PrivacyCard } from './profile/PrivacyCard.js';
import { ProfileDetailsCard } from './profile/ProfileDetailsCard.js';
import { SignInFirst } from './profile/SignInFirst.js';

/** /account/profile: the member's profile, address, community choice, contact details and account deletion. */
export default function ProfilePage() {
  const { loggedIn, member: auth } = useAuth();
  const silent = useSilentLoginStatus();
  const me = useMyMember();
  const { hash } = useLocation();
  // /account/profile#privacy (from the community page) scrolls to the card once it is there.
  useEffect(() => {
    if (hash && me.data) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash, me.data]);

  if (!loggedIn) {
    return silent === 'running' ? (
      <PageSkeleton />
    ) : (
      <SignInFirst what="Your profile, your place in the community and your contact details are managed here." />
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <AccountNav />
      <h1 className="text-2xl font-bold tracking-tight">Your profile</h1>
      <p className="mt-1 text-sm text-neutral-600">
        Signed in as <strong className="break-all text-neutral-900">{auth?.email ?? me.data?.loginEmail ?? '…'}</strong>
      </p>
      <div className="mt-8">
        {me.isPending ? (
          <PageSkeleton />
        ) : me.error ? (
          <ErrorMessage error={me.error} onRetry={() => void me.refetch()} retrying={me.isFetching} />
        ) : (
          // Keyed by member, so the forms start from the right data after a switch of account.
          <div key={me.data.id} className="grid gap-6">
            <ProfileDetailsCard member={me.data} />
            <AddressCard member={me.data} />
            <PrivacyCard member={me.data} />
            <ContactCard member={me.data} />
            <DeleteAccountCard />
          </div>
        )}
      </div>
    </div>
  );
}
