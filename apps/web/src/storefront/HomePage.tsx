import { lazy, Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth, useSite } from '@plaza/react';
import { Alert } from '../ui/Alert.js';
import { Card } from '../ui/Card.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { SkeletonStack } from '../ui/Skeleton.js';
import { ReviewsSkeleton } from './reviews/ReviewsSkeleton.js';

// Its own chunk: the first page's JS budget (120 KB gzip) has no room for the widget, and it sits below the fold.
const ReviewsWidget = lazy(() => import('./reviews/ReviewsWidget.js'));
// The shop window too: product cards and their queries stay out of the first chunk.
const Featured = lazy(() => import('./store/Featured.js'));
const primaryLink =
  'inline-flex min-h-11 items-center rounded-md bg-accent px-5 text-sm font-medium text-white hover:bg-accent-strong';
const secondaryLink =
  'inline-flex min-h-11 items-center rounded-md border border-neutral-300 bg-white px-5 text-sm font-medium text-neutral-900 hover:bg-neutral-50';
const STORE_REVIEWS = { namespace: 'site', entityId: 'store', title: 'What customers say' } as const;

function HomeSkeleton() {
  return (
    <SkeletonStack
      label="Loading the store"
      className="space-y-4"
      bars={['h-10 w-64 max-w-full', 'h-5 w-80 max-w-full', 'mt-8 h-40 w-full']}
    />
  );
}

export function HomePage() {
  // The SDK fetches a visitor token on this first call; no sign-in needed to browse.
  const { data: site, error, refetch, isFetching, isPending } = useSite();
  // Set by the account page after "Delete my account".
  const accountDeleted = (useLocation().state as { accountDeleted?: boolean } | null)?.accountDeleted === true;

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:py-16">
      {accountDeleted && (
        <Alert tone="success" className="mb-8" title="Your account is deleted">
          Your profile, contact details and reviews are gone, and you are signed out. Thank you for having been with us.
        </Alert>
      )}
      {isPending ? (
        <HomeSkeleton />
      ) : error ? (
        <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <>
          <Hero name={site.name} />
          <Suspense fallback={<div className="mt-12 h-72" aria-hidden />}>
            <Featured />
          </Suspense>
          <Suspense fallback={<ReviewsSkeleton title={STORE_REVIEWS.title} />}>
            <ReviewsWidget {...STORE_REVIEWS} />
          </Suspense>
          <CommunityTeaser />
        </>
      )}
    </div>
  );
}

/** The welcome: the store's name once, and the ways in. */
function Hero({ name }: { name: string }) {
  const { loggedIn } = useAuth();
  return (
    <section className="rounded-2xl bg-gradient-to-br from-accent-soft via-white to-neutral-50 px-6 py-12 sm:px-12 sm:py-16">
      <h1 className="max-w-2xl text-3xl font-bold tracking-tight text-neutral-900 sm:text-5xl">
        Welcome to <span data-testid="site-name">{name}</span>
      </h1>
      <p className="mt-4 max-w-xl text-lg text-neutral-700">
        Good to have you here. Browse the shop, see what our customers say, and meet the people who shop with us.
      </p>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/products" className={primaryLink}>
          Shop now
        </Link>
        {loggedIn ? (
          <Link to="/account/profile" className={secondaryLink}>
            Your profile
          </Link>
        ) : (
          <Link to="/signup" className={secondaryLink}>
            Join us
          </Link>
        )}
        <Link to="/members" className={secondaryLink}>
          Meet the community
        </Link>
      </div>
    </section>
  );
}

function CommunityTeaser() {
  return (
    <Card className="mt-10" title="Our community" description="Members share their profiles and their reviews here.">
      <Link to="/members" className="text-sm font-medium text-accent underline-offset-2 hover:underline">
        See who is here →
      </Link>
    </Card>
  );
}
