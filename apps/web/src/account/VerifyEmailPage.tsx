import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { identityMutations, usePlaza, usePlazaMutation } from '@plaza/react';
import type { PlazaClient } from '../plaza.js';
import { Alert } from '../ui/Alert.js';
import { AuthCard } from '../ui/AuthCard.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { Spinner } from '../ui/Spinner.js';

/**
 * /verify-email?stateToken=…&code=…: the link of an activation e-mail. Checks the code; when the account may sign in
 * at once, the member is logged in here (direct login with the session token) and lands on the home page.
 */
export default function VerifyEmailPage() {
  const client = usePlaza<PlazaClient>();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const stateToken = params.get('stateToken') ?? '';
  const code = params.get('code') ?? '';
  const { mutateAsync: verify } = usePlazaMutation(identityMutations.verifyEmail);
  const [result, setResult] = useState<'checking' | 'approval' | 'verified' | null>(
    stateToken && code ? 'checking' : null,
  );
  const [error, setError] = useState<unknown>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || !stateToken || !code) return;
    started.current = true;
    const run = async () => {
      const res = await verify({ code, stateToken });
      if (res.state === 'SUCCESS' && res.sessionToken) {
        await client.auth.getMemberTokensForDirectLogin(res.sessionToken);
        void navigate('/', { replace: true });
      } else setResult(res.state === 'REQUIRE_OWNER_APPROVAL' ? 'approval' : 'verified');
    };
    run().catch((e: unknown) => {
      setResult(null);
      setError(e);
    });
  }, [client, navigate, stateToken, code, verify]);

  return (
    <AuthCard title="Confirm your e-mail">
      {!stateToken || !code ? (
        <Alert tone="error" title="This page needs the link from the e-mail">
          Open the link in the activation e-mail again.
        </Alert>
      ) : error !== null ? (
        <div className="space-y-4">
          <ErrorMessage error={error} />
          <p className="text-sm text-neutral-600">
            The link may have expired or been used already.{' '}
            <Link to="/login" className="font-medium text-accent underline-offset-2 hover:underline">
              Log in
            </Link>{' '}
            to get a new code.
          </p>
        </div>
      ) : result === 'approval' ? (
        <Alert tone="info" title="Your e-mail is confirmed">
          The owner of this site approves new members by hand. You can log in as soon as they do.
        </Alert>
      ) : result === 'verified' ? (
        <Alert tone="success" title="Your e-mail is confirmed">
          <Link to="/login" className="underline">
            Log in
          </Link>{' '}
          to continue.
        </Alert>
      ) : (
        <p role="status" className="flex items-center gap-2 text-sm text-neutral-700">
          <Spinner /> Checking the link…
        </p>
      )}
    </AuthCard>
  );
}
