/** Choices among fixed words (selects, filter tabs, radio groups): their options and their binding to a draft. */

/**
 * A select's or filter's options from a table of labels by value, in the table's order; the Record leaves no value
 * unlabelled.
 */
export const optionsOf = <T extends string>(labels: Record<T, string>): Array<{ value: T; label: string }> =>
  (Object.keys(labels) as T[]).map((value) => ({ value, label: labels[value] }));

/** The keys of `T` that hold one word of a fixed set (what a select chooses). */
type WordKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/**
 * Choices (selects, radio groups) over a draft that is set key by key (useDraft's `set`): `choose('logoSize')` gives
 * a SelectField the draft's value and an onChange that sets that key alone.
 */
export function choiceBinder<T extends object>(draft: T, set: <K extends keyof T>(key: K, value: T[K]) => void) {
  return <K extends WordKeys<T>>(key: K) => ({ value: draft[key], onChange: (value: T[K]) => set(key, value) });
}
