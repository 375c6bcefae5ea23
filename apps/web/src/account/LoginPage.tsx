import { LoginLinks } from '../signin/AuthLinks.js';
import { AppSignInPage } from './AppSignInPage.js';

/** /login: the app's own login form, through the SDK (direct login: no page change). */
export default function LoginPage() {
  return <AppSignInPage mode="login" title="Log in" subtitle="Welcome back." links={<LoginLinks />} />;
}
