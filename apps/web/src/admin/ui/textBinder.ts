import type { ChangeEvent } from 'react';

/** The keys of `T` that hold text. */
type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T];

/**
 * Text fields over one part of a draft: `bind('city')` gives a TextField the part's value and an onChange that
 * changes that key alone (through `change`, which merges it into the part).
 */
export function textBinder<T extends object>(part: T, change: (next: Partial<T>) => void) {
  return (key: TextKeys<T>) => ({
    value: part[key] as string,
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      change({ [key]: e.target.value } as Partial<T>),
  });
}
