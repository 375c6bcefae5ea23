import { Link, useLocation } from 'react-router';

export function NotFoundPage({ home = '/', homeLabel = 'Go to the home page' }: { home?: string; homeLabel?: string }) {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-sm font-semibold text-accent">404</p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-3 text-neutral-600">
        There is no page at <code className="rounded bg-neutral-100 px-1 font-mono text-sm break-all">{pathname}</code>.
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
