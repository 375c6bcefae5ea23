import { Skeleton } from '../../ui/Skeleton.js';

/** What stands in for a page or drawer while it loads: grey blocks of the given sizes, read out as `label`. */
export function SkeletonBlocks({ label, blocks }: { label: string; blocks: string[] }) {
  return (
    <div aria-busy="true" aria-label={label} className="space-y-3">
      {blocks.map((size, i) => (
        <Skeleton key={i} className={size} />
      ))}
    </div>
  );
}
