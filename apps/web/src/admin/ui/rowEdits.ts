/**
 * Edits to a list of rows typed in a form (tip choices, plans, custom fields, images…): change part of the row at an
 * index, remove it, or add one at the end. Each hands `setRows` the whole new list, as a draft's setter wants it.
 */
export function rowEdits<T extends object>(rows: readonly T[], setRows: (next: T[]) => void) {
  return {
    change: (i: number, change: Partial<T>) => setRows(rows.map((row, j) => (j === i ? { ...row, ...change } : row))),
    remove: (i: number) => setRows(rows.filter((_, j) => j !== i)),
    add: (row: T) => setRows([...rows, row]),
  };
}
