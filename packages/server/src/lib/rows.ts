/** The rows of a raw `db.execute(sql…)` result: both drivers (node-postgres and PGlite) answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];
