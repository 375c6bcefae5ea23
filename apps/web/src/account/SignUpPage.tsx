import { useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useAuth, usePlaza } from '@plaza/react';
import { safeReturn } from '../auth/flows.js';
import type { PlazaClient } from '../plaza.js';
import { SignInFlow } from '../signin/SignInFlow.js';
import { sdkDriver } from '../signin/driver.js';
import { SsoButtons } from '../signin/SsoButtons.js';
import { AuthCard } from '../ui/AuthCard.js';
import { AlreadySignedIn, useInitiallyMember } from './AlreadySignedIn.js';

/** /signup: create an account; then the code, approval or captcha screens as the site's policy asks. */
export default function SignUpPage() {
  const client = usePlaza<PlazaClient>();
  const { login, register, verify } = useAuth();
  const driver = useMemo(() => sdkDriver(client, { login, register, verify }), [client, login, register, verify]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturn(params.get('returnTo'));
  const member = useInitiallyMember();
  return (
    <AuthCard title="Create your account" subtitle="Join to write reviews, follow your orders and more.">
      {member ? (
        <AlreadySignedIn />
      ) : (
        <SignInFlow
          mode="signup"
          driver={driver}
          doneText="Your account is ready. Taking you back…"
          onDone={() => navigate(returnTo, { replace: true })}
          footer={
            <>
              <SsoButtons returnTo={returnTo} />
              <p>
                Already have an account?{' '}
                <Link to="/login" className="font-medium text-accent underline-offset-2 hover:underline">
                  Log in
                </Link>
              </p>
            </>
          }
        />
      )}
    </AuthCard>
  );
}
