import { useState } from 'react';

/** The rows ticked in a table: tick or untick some (one row, or the whole page), or clear them all. */
export function useRowSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const select = (ids: string[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  return { selected, select, clear: () => setSelected(new Set()) };
}
