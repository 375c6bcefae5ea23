import { Button } from '../../ui/Button.js';
import { bulkVerbs, type BulkAction } from './bulk.js';

const number = new Intl.NumberFormat();
const plural = (n: number) => `${number.format(n)} ${n === 1 ? 'member' : 'members'}`;

/**
 * Shown while rows are selected: how many, the offer to extend the selection to every match of the filter, and the
 * bulk actions. Contributors see the count but not the owner-only actions.
 */
export function BulkBar({
  count,
  pageSize,
  total,
  pageFullySelected,
  allMatching,
  canAct,
  onSelectAllMatching,
  onClear,
  onAction,
}: {
  count: number;
  pageSize: number;
  total: number;
  pageFullySelected: boolean;
  allMatching: boolean;
  canAct: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  onAction: (action: BulkAction) => void;
}) {
  return (
    <div
      role="region"
      aria-label="Selected members"
      className="flex flex-col gap-3 rounded-lg border border-accent/30 bg-accent-soft px-4 py-3 text-sm sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1 text-accent-ink" aria-live="polite">
        {allMatching ? (
          <>
            All <strong>{plural(total)}</strong> matching the filter are selected.
          </>
        ) : (
          <>
            <strong>{plural(count)}</strong> selected
            {pageFullySelected && total > pageSize && (
              <>
                {' '}
                on this page.{' '}
                <button
                  type="button"
                  className="font-medium underline underline-offset-2"
                  onClick={onSelectAllMatching}
                >
                  Select all {plural(total)} matching the filter
                </button>
              </>
            )}
          </>
        )}{' '}
        <button type="button" className="underline underline-offset-2" onClick={onClear}>
          Clear selection
        </button>
      </div>
      {canAct ? (
        <div className="flex flex-wrap gap-2">
          {(['approve', 'block', 'delete'] as const).map((action) => (
            <Button
              key={action}
              variant={action === 'delete' ? 'danger' : 'secondary'}
              onClick={() => onAction(action)}
            >
              {bulkVerbs[action].verb}…
            </Button>
          ))}
        </div>
      ) : (
        <p className="text-xs text-accent-ink">Only the owner can approve, block or delete members.</p>
      )}
    </div>
  );
}
