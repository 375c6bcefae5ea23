import { Link } from 'react-router';

export function NotFoundPage({ home = '/', homeLabel = 'Go to the home page' }: { home?: string; homeLabel?: string }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-3 text-neutral-600">
        We couldn’t find this page. The link may be mistyped, or the page may have moved.
      </p>
      <Link
        to={home}
        className="mt-6 inline-flex min-h-10 items-center rounded-md bg-accent px-4 text-sm font-medium text-white hover:bg-accent-strong"
      >
        {homeLabel}
      </Link>
    </div>
  );
}
