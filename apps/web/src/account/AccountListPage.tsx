import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useAuth, usePlaza } from '@plaza/react';
import type { PlazaClient } from '../plaza.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { PageSkeleton } from '../ui/PageSkeleton.js';
import { AccountNav } from './AccountNav.js';
import { SignInToSee } from './SignInToSee.js';

/**
 * An account page that lists the member's things (orders, subscriptions): a way to sign in for visitors, then the
 * account tabs, the title, and loading, error, empty or the list.
 */
export function AccountListPage<T, K extends readonly unknown[]>(props: {
  title: string;
  /** What a signed-out visitor is asked to sign in to see: "the orders you placed". */
  signInTo: { title: string; what: string };
  /** The list's query, from @plaza/react's factories (only asked once the member is signed in). */
  query: (plaza: PlazaClient) => UseQueryOptions<T[], Error, T[], K>;
  /** What an empty list says, and the words of its link to the products. */
  empty: { text: string; toProducts: string };
  /** Where the empty list's link leads (the products by default). */
  emptyTo?: string;
  children: (items: T[]) => ReactNode;
}) {
  const { loggedIn } = useAuth();
  const plaza = usePlaza();
  const { data, error, isPending, refetch, isFetching } = useQuery({ ...props.query(plaza), enabled: loggedIn });
  if (!loggedIn) return <SignInToSee {...props.signInTo} />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <AccountNav />
      <h1 className="text-2xl font-bold tracking-tight">{props.title}</h1>
      {isPending ? (
        <PageSkeleton />
      ) : error ? (
        <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : data.length === 0 ? (
        <p className="mt-6 text-neutral-600">
          {props.empty.text}{' '}
          <Link to={props.emptyTo ?? '/products'} className="font-medium text-accent hover:underline">
            {props.empty.toProducts}
          </Link>
        </p>
      ) : (
        props.children(data)
      )}
    </div>
  );
}
