/**
 * The owner's saved views of the orders list: a name for a payment filter and search words, kept in this browser
 * (per site address). A view is what the owner looks at every morning ("Unpaid wholesale"); nothing else needs it.
 */
export interface SavedView {
  name: string;
  show: string;
  text: string;
}

const KEY = 'plaza.admin.orderViews';
const MAX_VIEWS = 12;

export function readViews(storage: Pick<Storage, 'getItem'> = localStorage): SavedView[] {
  try {
    const raw = JSON.parse(storage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(raw)
      ? raw.filter(
          (v: Partial<Record<keyof SavedView, unknown>> | null): v is SavedView =>
            typeof v === 'object' && v !== null && typeof v.name === 'string' && typeof v.show === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** Adds (or replaces, by name) a view; the newest first, at most 12. */
export function withView(views: SavedView[], view: SavedView): SavedView[] {
  return [view, ...views.filter((v) => v.name.toLowerCase() !== view.name.toLowerCase())].slice(0, MAX_VIEWS);
}

export function writeViews(views: SavedView[], storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(KEY, JSON.stringify(views));
}
