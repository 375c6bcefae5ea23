import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

// What a keyboard user and a narrow screen need, read off the page in Chromium: axe-core's findings, how far the
// page overflows sideways, and how the focused control is drawn.

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * axe-core's violations that fail a screen: serious or critical ones, and heading-order (a skipped heading level,
 * which axe rates moderate but which breaks how screen-reader users move through a page).
 */
export async function axeViolations(page: Page): Promise<AxeFinding[]> {
  // Evaluated through the DevTools protocol: the page's CSP (nonces only) refuses an injected <script>.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: RawViolation[] }> } }).axe;
    interface RawViolation {
      id: string;
      impact: string | null;
      help: string;
      nodes: Array<{ target: unknown[] }>;
    }
    const { violations } = await axe.run(document);
    return violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical' || v.id === 'heading-order');
}

/** How many pixels the page is wider than the window (a layout that does not reflow). */
export const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

export interface FocusRing {
  /** The focused control, in words a person could find it by. */
  what: string;
  outlineStyle: string;
  outlineWidth: number;
  outlineColor: string;
  boxShadow: string;
  /** The colour around the control: its nearest ancestor's background that is not transparent. */
  surroundings: string;
  box: { top: number; bottom: number; left: number; right: number };
}

/** The focused element's ring and box, after the browser (and the page's own scroll fix) had two frames. */
export async function focusedRing(page: Page): Promise<FocusRing | null> {
  return page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) return null;
    // Buttons fade their colours in (transition-colors covers outline-color): read the ring once it has settled.
    await Promise.all(el.getAnimations().map((a) => a.finished.catch(() => undefined)));
    const cs = getComputedStyle(el);
    // Computed colours may be oklch() (Tailwind's palette); a 1×1 canvas turns any CSS colour into sRGB.
    const paint = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const toRgb = (color: string) => {
      paint.clearRect(0, 0, 1, 1);
      paint.fillStyle = color;
      paint.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = paint.getImageData(0, 0, 1, 1).data;
      return `rgba(${r}, ${g}, ${b}, ${(a! / 255).toFixed(3)})`;
    };
    const colorFn = /(?:rgba?|oklch|oklab|lab|lch|color|hsla?)\([^)]*\)/g;
    let surroundings = 'rgb(255, 255, 255)';
    for (let p = el.parentElement; p; p = p.parentElement) {
      const bg = getComputedStyle(p).backgroundColor;
      if (toRgb(bg).endsWith(' 0.000)') === false) {
        surroundings = toRgb(bg);
        break;
      }
    }
    const label =
      el.getAttribute('aria-label') ??
      (el.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : null) ??
      el.textContent;
    const r = el.getBoundingClientRect();
    return {
      what: `${el.tagName.toLowerCase()} "${(label ?? '').trim().slice(0, 40)}"`,
      outlineStyle: cs.outlineStyle,
      outlineWidth: parseFloat(cs.outlineWidth),
      outlineColor: toRgb(cs.outlineColor),
      boxShadow: cs.boxShadow.replace(colorFn, toRgb),
      surroundings,
      box: { top: r.top, bottom: r.bottom, left: r.left, right: r.right },
    };
  });
}

/** An `rgb()`/`rgba()` colour as 0–255 channels, composited over white when it is translucent. */
function channels(color: string): [number, number, number] {
  const m = /rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)/.exec(color);
  if (!m) throw new Error(`not an rgb() colour: ${color}`);
  const alpha = m[4] === undefined ? 1 : Number(m[4]);
  return [1, 2, 3].map((i) => Number(m[i]) * alpha + 255 * (1 - alpha)) as [number, number, number];
}

/** WCAG 2 contrast ratio between two colours. */
export function contrast(a: string, b: string): number {
  const luminance = (c: string) => {
    const [r, g, bl] = channels(c).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** Why a focused control's indicator is not clearly visible (WCAG 2.4.7 / 2.4.13), or null when it is. */
export function ringProblem(ring: FocusRing): string | null {
  if (ring.outlineStyle !== 'none' && ring.outlineWidth >= 2) {
    const ratio = contrast(ring.outlineColor, ring.surroundings);
    return ratio >= 3
      ? null
      : `${ring.what}: its outline (${ring.outlineColor}) has a contrast of ${ratio.toFixed(2)}:1 with ${ring.surroundings} (needs 3:1)`;
  }
  // A Tailwind-style ring: a shadow with no offset or blur and a spread of 2 px or more.
  for (const m of ring.boxShadow.matchAll(/(rgba?\([^)]*\))\s+0px\s+0px\s+0px\s+([\d.]+)px/g)) {
    if (Number(m[2]) >= 2 && contrast(m[1]!, ring.surroundings) >= 3) return null;
  }
  return `${ring.what}: no visible focus indicator (outline ${ring.outlineStyle} ${ring.outlineWidth}px)`;
}
