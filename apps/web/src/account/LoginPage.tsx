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

/** /login: the app's own login form, through the SDK (direct login: no page change). */
export default function LoginPage() {
  const client = usePlaza<PlazaClient>();
  const { login, register, verify } = useAuth();
  const driver = useMemo(() => sdkDriver(client, { login, register, verify }), [client, login, register, verify]);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturn(params.get('returnTo'));
  const member = useInitiallyMember();
  return (
    <AuthCard title="Log in" subtitle="Welcome back.">
      {member ? (
        <AlreadySignedIn />
      ) : (
        <SignInFlow
          mode="login"
          driver={driver}
          onDone={() => navigate(returnTo, { replace: true })}
          footer={
            <>
              <SsoButtons returnTo={returnTo} />
              <p>
                <Link to="/forgot-password" className="font-medium text-accent underline-offset-2 hover:underline">
                  Forgot your password?
                </Link>
              </p>
              <p>
                New here?{' '}
                <Link to="/signup" className="font-medium text-accent underline-offset-2 hover:underline">
                  Create an account
                </Link>
              </p>
            </>
          }
        />
      )}
    </AuthCard>
  );
}
