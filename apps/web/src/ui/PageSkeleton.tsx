import { SkeletonStack } from './Skeleton.js';

/** Shown while the first route (and its chunk) loads. */
export function PageSkeleton() {
  return (
    <SkeletonStack
      label="Loading"
      className="mx-auto max-w-6xl space-y-4 px-4 py-10"
      bars={['h-8 w-48', 'h-4 w-72', 'h-40 w-full']}
    />
  );
}
