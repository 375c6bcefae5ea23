import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../ui/Button.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';

/** The fields whose draft value differs from the saved one. */
export const changedKeys = <T extends object>(draft: T, saved: T) =>
  (Object.keys(saved) as Array<keyof T>).filter((k) => !Object.is(draft[k], saved[k]));

/**
 * A settings form's draft over the saved values: which fields differ, and Undo back to the saved ones. Once a save
 * lands and the saved values catch up, the draft is clean again by itself.
 */
export function useDraft<T extends object>(saved: T) {
  const [draft, setDraft] = useState<T>(saved);
  const changed = changedKeys(draft, saved);
  return {
    draft,
    set: <K extends keyof T>(key: K, value: T[K]) => setDraft((d) => ({ ...d, [key]: value })),
    changed,
    dirty: changed.length > 0,
    undo: () => setDraft(saved),
  };
}

/** A titled group of fields within a form page. */
export function FormSection({
  id,
  title,
  description,
  children,
}: {
  id?: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} className="rounded-lg border border-neutral-200 bg-white p-5 shadow-xs">
      <h2 className="text-base font-semibold text-neutral-900">{title}</h2>
      {description && <p className="mt-1 text-sm text-neutral-600">{description}</p>}
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/**
 * A page that is one form: its sections, then a bar with the page's single Save, and Undo only while something
 * changed. The bar sticks to the bottom of the window so Save stays in reach on long pages and phones.
 */
export function FormPage({
  dirty,
  busy,
  error,
  saveLabel = 'Save',
  problem,
  untouched,
  onSubmit,
  onUndo,
  cancel,
  children,
}: {
  dirty: boolean;
  busy?: boolean;
  error?: unknown;
  saveLabel?: string;
  /** What keeps the draft from being saved, in words; Save then says so instead of sending it. */
  problem?: string | undefined;
  /** A form for something new: the bar's words while nothing is typed yet; Save stays offered (it says what is missing). */
  untouched?: string | undefined;
  onSubmit: () => void;
  onUndo: () => void;
  /** A way out of a form opened over saved settings ("Keep the current keys"): the bar offers it beside Save. */
  cancel?: { label: string; onClick: () => void } | undefined;
  children: ReactNode;
}) {
  const [tried, setTried] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if ((dirty || untouched) && !busy && !problem) onSubmit();
  };
  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      {children}
      {tried && problem ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {problem}
        </p>
      ) : error ? (
        <ErrorMessage error={error} />
      ) : null}
      <div
        data-testid="save-bar"
        data-sticky="bottom"
        className="sticky bottom-0 -mx-4 flex flex-col-reverse gap-2 border-t border-neutral-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:items-center sm:justify-end sm:rounded-lg sm:border"
      >
        <p className="text-sm text-neutral-600 sm:mr-auto" aria-live="polite">
          {dirty ? 'You have unsaved changes.' : (untouched ?? 'All changes saved.')}
        </p>
        {dirty && (
          <Button variant="ghost" onClick={onUndo} disabled={busy}>
            Undo changes
          </Button>
        )}
        {cancel && (
          <Button variant="secondary" onClick={cancel.onClick} disabled={busy}>
            {cancel.label}
          </Button>
        )}
        <Button type="submit" busy={busy} disabled={!dirty && !untouched}>
          {saveLabel}
        </Button>
      </div>
    </form>
  );
}
