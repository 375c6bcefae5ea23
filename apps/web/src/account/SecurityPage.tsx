import { useState, type FormEvent } from 'react';
import { identityMutations, useAuth, usePlazaMutation } from '@plaza/react';
import { useSilentLoginStatus } from '../auth/silent.js';
import { Alert } from '../ui/Alert.js';
import { Button } from '../ui/Button.js';
import { Card } from '../ui/Card.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { TextField } from '../ui/Field.js';
import { PageSkeleton } from '../ui/PageSkeleton.js';
import { TwoStepCard } from './TwoStepCard.js';
import { NewPasswordFields, newPasswordMismatch } from './NewPasswordFields.js';
import { AccountNav } from './AccountNav.js';
import { SignInFirst } from './profile/SignInFirst.js';

/** /account/security: the member's password and two-step verification. */
export default function SecurityPage() {
  const { loggedIn, member } = useAuth();
  const silent = useSilentLoginStatus();
  if (!loggedIn) {
    return silent === 'running' ? (
      <PageSkeleton />
    ) : (
      <SignInFirst what="Your password and two-step verification are managed here." />
    );
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <AccountNav />
      <h1 className="text-2xl font-bold tracking-tight">Account security</h1>
      <p className="mt-1 text-sm text-neutral-600">
        Signed in as <strong className="break-all text-neutral-900">{member?.email ?? '…'}</strong>
      </p>
      <div className="mt-8 grid gap-6">
        <ChangePasswordCard />
        <TwoStepCard />
      </div>
    </div>
  );
}

function ChangePasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const change = usePlazaMutation(identityMutations.changePassword, {
    onSuccess: () => {
      setCurrent('');
      setNext('');
      setRepeat('');
    },
  });
  const { isPending: busy, isSuccess: done, error } = change;
  const mismatch = newPasswordMismatch(next, repeat);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!mismatch) change.mutate({ currentPassword: current, newPassword: next });
  };

  return (
    <Card title="Password" description="Changing it logs you out on your other devices.">
      <form onSubmit={submit} className="grid gap-4 sm:max-w-sm">
        <TextField
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
        />
        <NewPasswordFields password={next} repeat={repeat} onPassword={setNext} onRepeat={setRepeat} />
        {error !== null && <ErrorMessage error={error} />}
        {done && <Alert tone="success">Your password is changed. Other devices were logged out.</Alert>}
        <div>
          <Button type="submit" busy={busy} disabled={mismatch}>
            Change password
          </Button>
        </div>
      </form>
    </Card>
  );
}
