import { useState, type FormEvent } from 'react';
import { Button } from '../../../ui/Button.js';
import { Dialog } from '../../../ui/Dialog.js';
import { TextField } from '../../../ui/Field.js';
import { useToast } from '../../Toast.js';
import { readViews, withView, writeViews, type SavedView } from './savedViews.js';

/** The saved views as buttons that apply them, a way to forget one, and "Save this view" for the current list. */
export function SavedViews({
  current,
  onApply,
}: {
  current: Omit<SavedView, 'name'>;
  onApply: (view: SavedView) => void;
}) {
  const toast = useToast();
  const [views, setViews] = useState(() => readViews());
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const store = (next: SavedView[]) => {
    setViews(next);
    writeViews(next);
  };
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    store(withView(views, { name: name.trim(), ...current }));
    toast(`View “${name.trim()}” saved`);
    setNaming(false);
    setName('');
  };
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2" aria-label="Saved views" role="group">
      {views.map((v) => (
        <span key={v.name} className="inline-flex items-center rounded-full border border-neutral-300 bg-white text-sm">
          <button type="button" className="rounded-l-full px-3 py-1 hover:bg-neutral-100" onClick={() => onApply(v)}>
            {v.name}
          </button>
          <button
            type="button"
            aria-label={`Forget the view ${v.name}`}
            className="rounded-r-full px-2 py-1 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-900"
            onClick={() => store(views.filter((x) => x.name !== v.name))}
          >
            ×
          </button>
        </span>
      ))}
      <Button variant="ghost" onClick={() => setNaming(true)}>
        Save this view
      </Button>
      <Dialog open={naming} title="Save this view" onClose={() => setNaming(false)}>
        <form noValidate onSubmit={save} className="space-y-3">
          <TextField label="Name" maxLength={40} value={name} onChange={(e) => setName(e.target.value)} autoFocus />
          <div className="flex gap-2">
            <Button type="submit" disabled={!name.trim()}>
              Save view
            </Button>
            <Button type="button" variant="secondary" onClick={() => setNaming(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}
