import { useState, type FormEvent } from 'react';
import { identityMutations, usePlazaMutation } from '@plaza/react';
import { Alert } from '../ui/Alert.js';
import { Button } from '../ui/Button.js';
import { Card } from '../ui/Card.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { TwoStepCard } from './TwoStepCard.js';
import { CurrentPasswordField, NewPasswordFields, newPasswordMismatch } from './PasswordFields.js';
import { SignedInPage } from './SignedInPage.js';

/** /account/security: the member's password and two-step verification. */
export default function SecurityPage() {
  return (
    <SignedInPage title="Account security" what="Your password and two-step verification are managed here.">
      <div className="mt-8 grid gap-6">
        <ChangePasswordCard />
        <TwoStepCard />
      </div>
    </SignedInPage>
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
        <CurrentPasswordField label="Current password" value={current} onChange={setCurrent} />
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
