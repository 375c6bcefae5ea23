import { Link } from 'react-router';
import { SignInFlow } from '../signin/SignInFlow.js';
import { SsoButtons } from '../signin/SsoButtons.js';
import { AuthCard } from '../ui/AuthCard.js';
import { AlreadySignedIn } from './AlreadySignedIn.js';
import { useAppSignIn } from './useAppSignIn.js';

/** /signup: create an account; then the code, approval or captcha screens as the site's policy asks. */
export default function SignUpPage() {
  const { driver, returnTo, member, goBack } = useAppSignIn();
  return (
    <AuthCard title="Create your account" subtitle="Join to write reviews, follow your orders and more.">
      {member ? (
        <AlreadySignedIn />
      ) : (
        <SignInFlow
          mode="signup"
          driver={driver}
          doneText="Your account is ready. Taking you back…"
          onDone={goBack}
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
