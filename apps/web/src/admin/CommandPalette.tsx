import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Search } from 'lucide-react';
import { cx } from '../ui/cx.js';
import { useDebouncedValue } from './ui/useDebouncedValue.js';
import { matchScreens, visibleNav } from './nav.js';
import { useRecordMatches, type PaletteRow } from './paletteRecords.js';

/**
 * Search or jump: any dashboard screen by name, and records by what people know of them: an order by its number or
 * buyer, a member by name or e-mail, a product by name. A modal `<dialog>` (focus stays inside, Escape closes) with a
 * combobox and its listbox: arrows move, Enter opens.
 */
export function CommandPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const listId = useId();
  const { rows, busy } = usePaletteRows(text, open);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setText('');
      setActive(0);
      dialog.showModal();
    } else if (!open && dialog.open) dialog.close();
  }, [open]);
  useEffect(() => setActive(0), [text]);

  const go = (row: PaletteRow | undefined) => {
    if (!row) return;
    onClose();
    void navigate(row.to);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((a) => (rows.length ? (a + step + rows.length) % rows.length : 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(rows[active]);
    }
  };
  const optionId = (i: number) => `${listId}-${i}`;

  return (
    <dialog
      ref={ref}
      aria-label="Search the dashboard"
      onClose={onClose}
      onClick={(e) => e.target === ref.current && onClose()}
      className="m-auto mt-[10vh] w-[min(36rem,calc(100vw-1.5rem))] rounded-xl bg-white p-0 shadow-2xl backdrop:bg-neutral-900/40"
    >
      <div className="flex items-center gap-2 border-b border-neutral-200 px-4">
        <Search className="h-4 w-4 shrink-0 text-neutral-500" aria-hidden />
        <input
          autoFocus
          role="combobox"
          aria-label="Search screens, orders, members and products"
          aria-expanded={rows.length > 0}
          aria-controls={listId}
          aria-activedescendant={rows[active] ? optionId(active) : undefined}
          aria-autocomplete="list"
          placeholder="Screen, order number, member or product"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          className="h-12 min-w-0 flex-1 bg-transparent text-base outline-none"
        />
      </div>
      <ul id={listId} role="listbox" aria-label="Results" className="max-h-[60vh] overflow-y-auto p-2">
        {rows.map((row, i) => (
          <PaletteOption
            key={row.key}
            id={optionId(i)}
            row={row}
            active={i === active}
            onHover={() => setActive(i)}
            onPick={() => go(row)}
          />
        ))}
        {rows.length === 0 && (
          <li className="px-3 py-6 text-center text-sm text-neutral-600" role="presentation">
            {busy ? 'Searching…' : `Nothing found for “${text}”.`}
          </li>
        )}
      </ul>
      <PaletteStatus busy={busy} />
    </dialog>
  );
}

/** The dashboard's screens matching the text (all of them before any is typed), then the matching records. */
function usePaletteRows(text: string, open: boolean) {
  const words = useDebouncedValue(text.trim(), 250);
  const records = useRecordMatches(open ? words : '');
  const rows: PaletteRow[] = useMemo(
    () => [
      ...matchScreens(visibleNav(), text)
        .slice(0, text ? 8 : 50)
        .map((s) => ({ key: s.to, label: s.label, detail: s.group ?? 'Dashboard', to: s.to, kind: 'Screen' })),
      ...records.rows,
    ],
    [text, records.rows],
  );
  return { rows, busy: records.busy };
}

function PaletteOption({
  id,
  row,
  active,
  onHover,
  onPick,
}: {
  id: string;
  row: PaletteRow;
  active: boolean;
  onHover: () => void;
  onPick: () => void;
}) {
  return (
    <li
      id={id}
      role="option"
      aria-selected={active}
      onMouseMove={onHover}
      onClick={onPick}
      className={cx(
        'flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm',
        active ? 'bg-accent-soft text-accent-ink' : 'text-neutral-800',
      )}
    >
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{row.label}</span>
        <span className="block truncate text-xs text-neutral-500">{row.detail}</span>
      </span>
      <span className="shrink-0 text-xs text-neutral-500">{row.kind}</span>
    </li>
  );
}

/** Says a search is under way, or how to use the keys; read out as it changes. */
function PaletteStatus({ busy }: { busy: boolean }) {
  return (
    <p className="border-t border-neutral-200 px-4 py-2 text-xs text-neutral-500" aria-live="polite">
      {busy ? 'Searching orders, members and products…' : 'Arrow keys to move, Enter to open, Esc to close.'}
    </p>
  );
}
