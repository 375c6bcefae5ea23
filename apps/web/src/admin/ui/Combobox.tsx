import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Check, ChevronsUpDown } from 'lucide-react';
import { cx } from '../../ui/cx.js';
import { inputClass } from '../../ui/Field.js';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second, quieter line: the code, an offset. Also searched. */
  detail?: string;
}

// Long lists (400 time zones) render only the first matches; typing narrows them.
const SHOWN = 60;

/** Case- and accent-insensitive, so "zurich" finds "Zürich". */
const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** The options matching every word of the query, in their list order. */
export function matchOptions(options: readonly ComboboxOption[], query: string): ComboboxOption[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (!words.length) return [...options];
  return options.filter((o) => {
    const text = fold(`${o.label} ${o.detail ?? ''} ${o.value}`);
    return words.every((w) => text.includes(w));
  });
}

/**
 * A searchable list for one value (the ARIA 1.2 combobox pattern): type to narrow, arrows to move, Enter to pick,
 * Escape to close and keep the value. The field shows the chosen option's label, never its code alone.
 */
export function Combobox({
  label,
  hint,
  value,
  options,
  onChange,
  placeholder = 'Type to search',
}: {
  label: string;
  hint?: ReactNode;
  value: string;
  options: readonly ComboboxOption[];
  onChange: (value: string) => void;
  placeholder?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const hintId = hint ? `${id}-hint` : undefined;
  const { open, query, active, setActive, matches, shown, openList, close, type, pick, onKeyDown } = useComboboxState(
    options,
    value,
    onChange,
  );
  const input = useRef<HTMLInputElement>(null);
  const selected = options.find((o) => o.value === value);

  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-neutral-800">
        {label}
      </label>
      <div className="relative">
        <input
          ref={input}
          id={id}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-describedby={hintId}
          aria-activedescendant={open && shown[active] ? `${id}-opt-${active}` : undefined}
          autoComplete="off"
          className={cx(inputClass, 'pr-9')}
          placeholder={open ? placeholder : undefined}
          value={open ? query : (selected?.label ?? value)}
          onFocus={openList}
          onClick={() => !open && openList()}
          onChange={(e) => type(e.target.value)}
          onKeyDown={onKeyDown}
          // Leaving the field keeps the chosen value (a click on an option lands first, on mousedown).
          onBlur={close}
        />
        <ChevronsUpDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-neutral-400"
        />
      </div>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-neutral-600">
          {hint}
        </p>
      )}
      {open && (
        <OptionList
          id={id}
          label={label}
          value={value}
          query={query}
          matches={matches}
          shown={shown}
          active={active}
          onActive={setActive}
          onPick={pick}
        />
      )}
    </div>
  );
}

/** Open or closed, the typed query and its matches, the highlighted option, and the keys that move and pick. */
function useComboboxState(options: readonly ComboboxOption[], value: string, onChange: (value: string) => void) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const matches = useMemo(() => matchOptions(options, query), [options, query]);
  const shown = matches.slice(0, SHOWN);

  const openList = () => {
    setQuery('');
    setActive(
      Math.max(
        0,
        options.findIndex((o) => o.value === value),
      ),
    );
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const pick = (option: ComboboxOption | undefined) => {
    if (option) onChange(option.value);
    close();
  };
  const type = (text: string) => {
    setQuery(text);
    setActive(0);
    setOpen(true);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return openList();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => Math.min(Math.max(i + step, 0), shown.length - 1));
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      pick(shown[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      close();
    }
  };
  return { open, query, active, setActive, matches, shown, openList, close, type, pick, onKeyDown };
}

/** The open list: the shown matches (the chosen one ticked), or why there are none, and how many more there are. */
function OptionList({
  id,
  label,
  value,
  query,
  matches,
  shown,
  active,
  onActive,
  onPick,
}: {
  id: string;
  label: string;
  value: string;
  query: string;
  matches: ComboboxOption[];
  shown: ComboboxOption[];
  active: number;
  onActive: (index: number) => void;
  onPick: (option: ComboboxOption) => void;
}) {
  return (
    <ul
      id={`${id}-list`}
      role="listbox"
      aria-label={label}
      className="absolute z-30 mt-1 max-h-72 w-full overflow-y-auto rounded-md border border-neutral-200 bg-white py-1 text-sm shadow-lg"
    >
      {shown.length === 0 && <li className="px-3 py-2 text-neutral-500">Nothing matches “{query}”</li>}
      {shown.map((o, i) => (
        <li
          key={o.value}
          id={`${id}-opt-${i}`}
          role="option"
          aria-selected={o.value === value}
          onMouseDown={(e) => {
            e.preventDefault();
            onPick(o);
          }}
          onMouseEnter={() => onActive(i)}
          className={cx(
            'flex cursor-pointer items-center gap-2 px-3 py-2',
            i === active ? 'bg-accent-soft text-accent-ink' : 'text-neutral-800',
          )}
        >
          <Check aria-hidden className={cx('h-4 w-4 shrink-0', o.value !== value && 'invisible')} />
          <span className="min-w-0 flex-1 truncate">{o.label}</span>
          {o.detail && <span className="shrink-0 text-xs text-neutral-500">{o.detail}</span>}
        </li>
      ))}
      {matches.length > SHOWN && (
        <li className="px-3 py-2 text-xs text-neutral-500">
          {matches.length - SHOWN} more: keep typing to narrow the list
        </li>
      )}
    </ul>
  );
}
