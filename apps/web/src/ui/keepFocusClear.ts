/**
 * Keeps the focused control clear of sticky bars (WCAG 2.2 2.4.11): a sticky save bar at the bottom or a header at
 * the top stays put while the page scrolls under it, so the browser's own "scroll into view" can leave a field
 * tabbed to entirely underneath. Bars mark themselves with `data-sticky="top"` or `data-sticky="bottom"`; after each
 * focus change the window scrolls just enough to show the control with a small gap.
 */
const GAP = 12;

function overlapToFix(target: DOMRect, bar: Element, edge: string): number {
  const box = bar.getBoundingClientRect();
  if (box.height === 0 || box.width === 0) return 0;
  const sideways = target.right <= box.left || target.left >= box.right;
  if (sideways) return 0;
  if (edge === 'bottom' && target.bottom > box.top - GAP) return target.bottom - box.top + GAP;
  if (edge === 'top' && target.top < box.bottom + GAP) return target.top - box.bottom - GAP;
  return 0;
}

function clearFocused(target: Element) {
  const rect = target.getBoundingClientRect();
  for (const bar of document.querySelectorAll('[data-sticky]')) {
    if (bar.contains(target)) continue;
    const by = overlapToFix(rect, bar, bar.getAttribute('data-sticky') ?? '');
    if (by !== 0) {
      window.scrollBy({ top: by, behavior: 'instant' });
      return;
    }
  }
}

let installed = false;

/** Listens once per page for focus changes; cheap, since bars are looked up only when focus moves. */
export function keepFocusClearOfStickyBars() {
  if (installed) return;
  installed = true;
  document.addEventListener('focusin', (e) => {
    const target = e.target;
    // After the browser's own scroll into view, which happens around the focus event.
    if (target instanceof Element) requestAnimationFrame(() => clearFocused(target));
  });
}
