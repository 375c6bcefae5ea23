import { useState } from 'react';
import { cx } from './cx.js';

const sizes = { sm: 'h-9 w-9 text-sm', md: 'h-12 w-12 text-base', lg: 'h-24 w-24 text-3xl' } as const;

/** Up to two initials of a name, for the avatar without a photo. */
export function initials(name: string | undefined): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0]!, words[words.length - 1]!] : words.slice(0, 1);
  return letters.map((w) => [...w][0]!.toUpperCase()).join('') || '?';
}

/**
 * A round photo, or the name's initials when there is none or it fails to load. Decorative: the name is always
 * written next to it.
 */
export function Avatar({
  src,
  name,
  size = 'md',
  className,
}: {
  src?: string | undefined;
  name?: string | undefined;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const box = cx(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full',
    sizes[size],
    className,
  );
  if (src && failed !== src) {
    return (
      <span className={cx(box, 'bg-neutral-100')}>
        <img
          src={src}
          alt=""
          className="h-full w-full object-cover"
          loading="lazy"
          referrerPolicy="no-referrer"
          onError={() => setFailed(src)}
        />
      </span>
    );
  }
  return (
    <span aria-hidden="true" className={cx(box, 'bg-accent-soft font-semibold text-accent-ink')}>
      {initials(name)}
    </span>
  );
}
