import { Link } from 'react-router';

/** What a signed-out visitor sees on an account page: its title and a way to sign in. */
export function SignInToSee({ title, what }: { title: string; what: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold">{title}</h1>
      <p className="mt-2 text-neutral-600">
        <Link to="/login" className="font-medium text-accent hover:underline">
          Sign in
        </Link>{' '}
        to see {what}.
      </p>
    </div>
  );
}
