import type { KeyboardEvent, MouseEvent } from 'react';
import type { FocalPoint } from '@plaza/sdk/media';

/**
 * The picture with a marker on its subject: a click (or the arrow keys) moves it. Crops of the picture (product
 * cards, banners) keep that point in view.
 */
export function FocalPointPicker({
  src,
  value,
  onChange,
}: {
  src: string;
  value: FocalPoint;
  onChange: (p: FocalPoint) => void;
}) {
  const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 100) / 100));
  const pick = (e: MouseEvent<HTMLDivElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    onChange({ x: clamp((e.clientX - box.left) / box.width), y: clamp((e.clientY - box.top) / box.height) });
  };
  const nudge = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: [-0.05, 0], ArrowRight: [0.05, 0], ArrowUp: [0, -0.05], ArrowDown: [0, 0.05] }[e.key];
    if (!step) return;
    e.preventDefault();
    onChange({ x: clamp(value.x + step[0]!), y: clamp(value.y + step[1]!) });
  };
  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label="Focus point: click the subject of the picture, or use the arrow keys"
      aria-valuetext={`${Math.round(value.x * 100)}% across, ${Math.round(value.y * 100)}% down`}
      onClick={pick}
      onKeyDown={nudge}
      className="relative cursor-crosshair overflow-hidden rounded-md border border-neutral-200 bg-neutral-100 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <img src={src} alt="" className="block h-auto w-full select-none" draggable={false} />
      <span
        aria-hidden
        className="pointer-events-none absolute h-6 w-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-accent/60 shadow-[0_0_0_1px_rgba(0,0,0,0.4)]"
        style={{ left: `${value.x * 100}%`, top: `${value.y * 100}%` }}
      />
    </div>
  );
}
