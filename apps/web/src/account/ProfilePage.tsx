import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useMyMember } from '@plaza/react';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { PageSkeleton } from '../ui/PageSkeleton.js';
import { AddressCard } from './profile/AddressCard.js';
import { ContactCard } from './profile/ContactCard.js';
import { DeleteAccountCard } from './profile/DeleteAccountCard.js';
import { PrivacyCard } from './profile/PrivacyCard.js';
import { ProfileDetailsCard } from './profile/ProfileDetailsCard.js';
import { SignedInPage } from './SignedInPage.js';

/** /account/profile: the member's profile, address, community choice, contact details and account deletion. */
export default function ProfilePage() {
  const me = useMyMember();
  const { hash } = useLocation();
  // /account/profile#privacy (from the community page) scrolls to the card once it is there.
  useEffect(() => {
    if (hash && me.data) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash, me.data]);

  return (
    <SignedInPage
      title="Your profile"
      what="Your profile, your place in the community and your contact details are managed here."
      knownEmail={me.data?.loginEmail}
    >
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
    </SignedInPage>
  );
}
