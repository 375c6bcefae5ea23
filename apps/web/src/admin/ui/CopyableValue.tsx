import { CopyButton } from '../../ui/CopyButton.js';
import { cx } from '../../ui/cx.js';

/** A value to copy (a new key, a redirect URI): shown whole, selected in one click, with Copy beside it. */
export function CopyableValue({ value, className, testId }: { value: string; className?: string; testId?: string }) {
  return (
    <div className={cx('flex flex-col gap-2 sm:flex-row sm:items-center', className)}>
      <code
        data-testid={testId}
        className="block min-w-0 flex-1 rounded bg-white px-3 py-2 font-mono text-xs break-all text-neutral-900 select-all"
      >
        {value}
      </code>
      <CopyButton text={value} />
    </div>
  );
}
