import type { EventType } from '@plaza/contracts';
import { PageCheckbox } from '../ui/ResourceTable.js';
import { eventAreas, eventName } from './eventTypes.js';

const checkboxClass = 'mt-0.5 h-4 w-4 shrink-0 accent-accent';

/**
 * The events a webhook sends, grouped by area of the store. Each area has a box that picks all of it; each event
 * shows its name in words with its technical name beneath, small, for the developer wiring the receiver.
 */
export function EventTypePicker({
  value,
  onChange,
  error,
}: {
  value: ReadonlySet<EventType>;
  onChange: (next: Set<EventType>) => void;
  error?: string | undefined;
}) {
  const toggle = (types: EventType[], on: boolean) => {
    const next = new Set(value);
    for (const t of types) {
      if (on) next.add(t);
      else next.delete(t);
    }
    onChange(next);
  };
  return (
    <fieldset aria-describedby={error ? 'event-picker-error' : undefined}>
      <legend className="text-sm font-medium text-neutral-900">Events to send</legend>
      <p className="mt-1 text-xs text-neutral-600">Choose what your other system needs to hear about.</p>
      <div className="mt-3 space-y-4">
        {eventAreas().map(({ area, types }) => {
          const picked = types.filter((t) => value.has(t)).length;
          return (
            <div key={area} className="rounded-md border border-neutral-200">
              <label className="flex items-center gap-2 border-b border-neutral-200 bg-neutral-50 px-3 py-2 text-sm font-medium">
                <PageCheckbox
                  all={picked === types.length}
                  some={picked > 0}
                  label={`Every ${area} event`}
                  onChange={(on) => toggle(types, on)}
                />
                <span className="flex-1">{area}</span>
                <span className="text-xs font-normal text-neutral-500">
                  {picked} of {types.length}
                </span>
              </label>
              <ul className="grid gap-x-4 gap-y-2 p-3 sm:grid-cols-2">
                {types.map((type) => (
                  <li key={type}>
                    <label className="flex items-start gap-2 text-sm">
                      <input
                        type="checkbox"
                        className={checkboxClass}
                        checked={value.has(type)}
                        onChange={(e) => toggle([type], e.target.checked)}
                      />
                      <span className="min-w-0">
                        <span className="block text-neutral-900">{eventName(type)}</span>
                        <span className="block truncate font-mono text-xs text-neutral-500">{type}</span>
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
      {error && (
        <p id="event-picker-error" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
