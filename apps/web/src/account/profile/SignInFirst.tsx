import { useState } from 'react';
import { usePlaza } from '@plaza/react';
import { startHostedLogin } from '../../auth/flows.js';
import { Button } from '../../ui/Button.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';

/** An account page opened without signing in: one button to the login page, back here afterwards. */
export function SignInFirst({ what }: { what: string }) {
  const client = usePlaza();
  const [error, setError] = useState<unknown>(null);
  return (
    <div className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight">Log in to see your account</h1>
      <p className="mt-2 text-sm text-neutral-600">{what}</p>
      <Button className="mt-6" onClick={() => startHostedLogin(client).catch(setError)}>
        Log in
      </Button>
      {error !== null && (
        <div className="mt-4 text-left">
          <ErrorMessage error={error} />
        </div>
      )}
    </div>
  );
}
