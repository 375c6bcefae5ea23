import { Link } from 'react-router';
import { authLinkClass } from '../signin/AuthLinks.js';
import { AppSignInPage } from './AppSignInPage.js';

/** /signup: create an account; then the code, approval or captcha screens as the site's policy asks. */
export default function SignUpPage() {
  return (
    <AppSignInPage
      mode="signup"
      title="Create your account"
      subtitle="Join to write reviews, follow your orders and more."
      doneText="Your account is ready. Taking you back…"
      links={
        <p>
          Already have an account?{' '}
          <Link to="/login" className={authLinkClass}>
            Log in
          </Link>
        </p>
      }
    />
  );
}
