import { Button } from '../../ui/Button.js';
import { cx } from '../../ui/cx.js';

/** Puts a list's filters back to showing everything; it spans the filter grid's row on small screens. */
export function ClearFilters({ span, disabled, onClear }: { span: string; disabled: boolean; onClear: () => void }) {
  return (
    <Button
      variant="ghost"
      className={cx(span, 'justify-self-start lg:col-span-1')}
      disabled={disabled}
      onClick={onClear}
    >
      Clear filters
    </Button>
  );
}
