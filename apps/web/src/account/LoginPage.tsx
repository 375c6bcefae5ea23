import { Link } from 'react-router';
import { SignInFlow } from '../signin/SignInFlow.js';
import { SsoButtons } from '../signin/SsoButtons.js';
import { AuthCard } from '../ui/AuthCard.js';
import { AlreadySignedIn } from './AlreadySignedIn.js';
import { useAppSignIn } from './useAppSignIn.js';

/** /login: the app's own login form, through the SDK (direct login: no page change). */
export default function LoginPage() {
  const { driver, returnTo, member, goBack } = useAppSignIn();
  return (
    <AuthCard title="Log in" subtitle="Welcome back.">
      {member ? (
        <AlreadySignedIn />
      ) : (
        <SignInFlow
          mode="login"
          driver={driver}
          onDone={goBack}
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
