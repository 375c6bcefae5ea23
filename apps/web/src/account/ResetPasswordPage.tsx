import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { identityMutations, usePlazaMutation } from '@plaza/react';
import { isPlazaError } from '@plaza/sdk';
import { Alert } from '../ui/Alert.js';
import { NewPasswordFields, newPasswordMismatch } from './PasswordFields.js';
import { AuthCard } from '../ui/AuthCard.js';
import { Button } from '../ui/Button.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';

const linkClass = 'font-medium text-accent underline-offset-2 hover:underline';

/** /reset-password?token=…: the page the recovery e-mail links to. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const recover = usePlazaMutation(identityMutations.recoverPassword);
  const { isPending: busy, isSuccess: done, error } = recover;
  const mismatch = newPasswordMismatch(password, repeat);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!mismatch) recover.mutate({ recoveryToken: token, password });
  };

  const linkDead = isPlazaError(error) && error.details.applicationError?.code === 'INVALID_RECOVERY_TOKEN';

  return (
    <AuthCard title="Choose a new password">
      {!token ? (
        <Alert tone="error" title="This page needs the link from the e-mail">
          Open the link in the password-reset e-mail, or{' '}
          <Link to="/forgot-password" className="underline">
            ask for a new one
          </Link>
          .
        </Alert>
      ) : done ? (
        <div className="space-y-4">
          <Alert tone="success" title="Your password is changed">
            For your safety, every device that was logged in to this account has been logged out.
          </Alert>
          <Link
            to="/login"
            className="inline-flex min-h-10 w-full items-center justify-center rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-strong"
          >
            Log in
          </Link>
        </div>
      ) : (
        <form onSubmit={submit} className="space-y-4">
          <NewPasswordFields password={password} repeat={repeat} onPassword={setPassword} onRepeat={setRepeat} />
          {linkDead ? (
            <Alert tone="error" title="This link no longer works">
              It has expired or was already used.{' '}
              <Link to="/forgot-password" className={linkClass}>
                Ask for a new link
              </Link>
              .
            </Alert>
          ) : (
            error !== null && <ErrorMessage error={error} />
          )}
          <Button type="submit" className="w-full" busy={busy} disabled={mismatch}>
            Set the new password
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
