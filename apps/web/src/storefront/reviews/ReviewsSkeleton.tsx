import { Skeleton } from '../../ui/Skeleton.js';

/** The widget's shape while its code or its data loads; small, as the home page ships it in the first chunk. */
export function ReviewsSkeleton({ title }: { title?: string | undefined }) {
  return (
    <section aria-busy="true" aria-label={title ? `Loading ${title}` : 'Loading reviews'} className="mt-12">
      <Skeleton className="h-7 w-56 max-w-full" />
      <div className="mt-6 grid gap-8 md:grid-cols-[16rem_1fr]">
        <div className="space-y-3">
          <Skeleton className="h-10 w-32" />
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-3 w-full" />
          ))}
        </div>
        <div className="space-y-6">
          <ReviewCardsSkeleton />
        </div>
      </div>
    </section>
  );
}

/** Two review cards' shape, for the widget's first load and a new sort. */
export function ReviewCardsSkeleton() {
  return [0, 1].map((i) => (
    <div key={i} className="space-y-2">
      <Skeleton className="h-5 w-40" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-3/4" />
    </div>
  ));
}
