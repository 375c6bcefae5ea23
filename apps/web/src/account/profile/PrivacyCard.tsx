import { Link } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import type { Member } from '@plaza/contracts';
import { useInvalidateMembers, usePlaza } from '@plaza/react';
import { Alert } from '../../ui/Alert.js';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { Card } from '../../ui/Card.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';

/** Joining the community makes the profile PUBLIC; leaving makes it PRIVATE. */
export function PrivacyCard({ member }: { member: Member }) {
  const plaza = usePlaza();
  const invalidate = useInvalidateMembers();
  const isPublic = member.privacyStatus === 'PUBLIC';
  const toggle = useMutation({
    mutationFn: () => (isPublic ? plaza.members.leaveCommunity() : plaza.members.joinCommunity()),
    onSuccess: () => invalidate(),
  });
  return (
    <Card id="privacy" className="scroll-mt-6" title="Community" data-testid="privacy-card">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-neutral-800">Your profile is</p>
        <Badge tone={isPublic ? 'success' : 'neutral'}>{isPublic ? 'Public' : 'Private'}</Badge>
      </div>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-neutral-700">
        {isPublic ? (
          <>
            <li>
              You are listed on the{' '}
              <Link to="/members" className="font-medium text-accent underline-offset-2 hover:underline">
                community page
              </Link>
              , and anyone can open{' '}
              <Link
                to={`/members/${encodeURIComponent(member.slug)}`}
                className="font-medium text-accent underline-offset-2 hover:underline"
              >
                your profile
              </Link>
              .
            </li>
            <li>Others see your nickname, photo and title there, with the reviews you wrote.</li>
            <li>Leaving hides your profile page and takes you off the list.</li>
          </>
        ) : (
          <>
            <li>Nobody else can see your profile page, and you are not on the community page.</li>
            <li>
              Joining shows your nickname, photo and title to everyone, on the community page and at your profile
              address.
            </li>
          </>
        )}
        <li>Your e-mail, names, phones and addresses are never shown to other members.</li>
      </ul>
      {toggle.error !== null && (
        <div className="mt-4">
          <ErrorMessage error={toggle.error} />
        </div>
      )}
      {toggle.isSuccess && (
        <Alert tone="success" className="mt-4">
          {toggle.data.member.privacyStatus === 'PUBLIC'
            ? 'Welcome to the community!'
            : 'You left the community. Your profile is private.'}
        </Alert>
      )}
      <Button
        className="mt-4"
        variant={isPublic ? 'secondary' : 'primary'}
        busy={toggle.isPending}
        onClick={() => toggle.mutate()}
      >
        {isPublic ? 'Leave the community' : 'Join the community'}
      </Button>
    </Card>
  );
}
