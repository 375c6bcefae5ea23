import { Link } from 'react-router';

/** The accent text link of the sign-in screens. */
export const authLinkClass = 'font-medium text-accent underline-offset-2 hover:underline';

/** Under a login form, the app's own or the hosted one: a forgotten password, and a new account. */
export function LoginLinks() {
  return (
    <>
      <p>
        <Link to="/forgot-password" className={authLinkClass}>
          Forgot your password?
        </Link>
      </p>
      <p>
        New here?{' '}
        <Link to="/signup" className={authLinkClass}>
          Create an account
        </Link>
      </p>
    </>
  );
}

/** The way out of a sign-in screen that goes no further: a full-width link home that looks like a button. */
export function BackToStoreLink() {
  return (
    <Link
      to="/"
      className="inline-flex min-h-10 w-full items-center justify-center rounded-md border border-neutral-300 px-4 text-sm font-medium hover:bg-neutral-50"
    >
      Back to the store
    </Link>
  );
}
