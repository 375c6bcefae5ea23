import { cx } from '../../ui/cx.js';

export interface FilterTab<T extends string> {
  value: T;
  label: string;
  /** Shown after the label when known. */
  count?: number | undefined;
}

const number = new Intl.NumberFormat();

/** A row of toggle buttons choosing one filter value (a filter, not tabs with panels: aria-pressed). */
export function FilterTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
}: {
  label: string;
  tabs: Array<FilterTab<T>>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="-mx-1 flex gap-1 overflow-x-auto px-1 pb-1">
      {tabs.map((tab) => {
        const active = tab.value === value;
        return (
          <button
            key={tab.value}
            type="button"
            aria-pressed={active}
            onClick={() => onChange(tab.value)}
            className={cx(
              'inline-flex min-h-9 shrink-0 items-center gap-2 rounded-md px-3 text-sm font-medium whitespace-nowrap',
              active ? 'bg-accent-soft text-accent-ink' : 'text-neutral-700 hover:bg-neutral-100',
            )}
          >
            {tab.label}
            {tab.count !== undefined && (
              <span
                className={cx(
                  'rounded-full px-1.5 text-xs tabular-nums',
                  active ? 'bg-white text-accent-ink' : 'bg-neutral-100 text-neutral-600',
                )}
              >
                {number.format(tab.count)}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
