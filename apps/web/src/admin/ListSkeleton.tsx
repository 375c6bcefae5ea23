import { Skeleton } from '../ui/Skeleton.js';

/** Placeholder rows while a list loads. */
export function ListSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <div
      aria-busy="true"
      aria-label={label}
      className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white"
    >
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="flex items-center gap-4 p-4">
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-2/3" />
          </div>
          <Skeleton className="h-8 w-20" />
        </div>
      ))}
    </div>
  );
}
