import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useSite } from '@plaza/react';
import { Alert } from '../ui/Alert.js';
import { currencyInfo } from '../lib/format.js';
import { Card } from '../ui/Card.js';
import { EmptyState } from '../ui/EmptyState.js';
import { ErrorMessage } from '../ui/ErrorMessage.js';
import { Skeleton } from '../ui/Skeleton.js';
import { ReviewsSkeleton } from './reviews/ReviewsSkeleton.js';

// Its own chunk: the first page's JS budget (120 KB gzip) has no room for the widget, and it sits below the fold.
const ReviewsWidget = lazy(() => import('./reviews/ReviewsWidget.js'));
const STORE_REVIEWS = { namespace: 'site', entityId: 'store', title: 'What customers say' } as const;

function HomeSkeleton() {
  return (
    <div aria-busy="true" aria-label="Loading the store" className="space-y-4">
      <Skeleton className="h-10 w-64 max-w-full" />
      <Skeleton className="h-5 w-80 max-w-full" />
      <Skeleton className="mt-8 h-40 w-full" />
    </div>
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
          <section className="max-w-2xl">
            <h1 data-testid="site-name" className="text-3xl font-bold tracking-tight text-neutral-900 sm:text-4xl">
              {site.name}
            </h1>
            <CurrencyLine currency={site.currency} locale={site.locale} />
          </section>
          <Card className="mt-10" title="Products" description="What this store sells will be listed here.">
            <EmptyState title="No products yet">
              The catalog opens with the store release. Until then, there is nothing to buy here.
            </EmptyState>
          </Card>
          <Suspense fallback={<ReviewsSkeleton title={STORE_REVIEWS.title} />}>
            <ReviewsWidget {...STORE_REVIEWS} />
          </Suspense>
        </>
      )}
    </div>
  );
}

function CurrencyLine({ currency, locale }: { currency: string; locale: string }) {
  const info = currencyInfo({ currency, locale });
  return (
    <p className="mt-3 text-lg text-neutral-700">
      Prices in{' '}
      <abbr title={info.name} className="no-underline">
        <code data-testid="site-currency" className="font-mono font-semibold text-neutral-900">
          {info.code}
        </code>
      </abbr>{' '}
      · {info.name} ({info.symbol}), for example <span className="font-medium text-neutral-900">{info.example}</span>
    </p>
  );
}
