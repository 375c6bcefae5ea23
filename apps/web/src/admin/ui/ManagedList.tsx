import { useState, type ReactNode } from 'react';
import { Button } from '../../ui/Button.js';
import { describeError } from '../../ui/ErrorMessage.js';
import { useToast } from '../Toast.js';
import { Drawer } from './Drawer.js';
import { RowConfirm, type Handlers } from './RowConfirm.js';
import { PageHeader } from './PageHeader.js';
import {
  ResourceTable,
  tableStates,
  type ListQueryState,
  type ResourceTableProps,
  type RowAction,
} from './ResourceTable.js';

export interface ManagedListProps<T> extends Omit<
  ResourceTableProps<T>,
  'loading' | 'error' | 'onRetry' | 'retrying' | 'actions' | 'onOpen' | 'empty'
> {
  /** The list's query: its loading, error and retry states. */
  query: ListQueryState;
  /** The page's heading and what the list is for: a PageHeader with the add button in it. */
  title?: string;
  description?: ReactNode;
  /** Any other heading above the table, given the add button to place in it (instead of title). */
  header?: (add: ReactNode) => ReactNode;
  /** "Add collection": opens the editor empty. */
  addLabel: string;
  addVariant?: 'primary' | 'secondary';
  editor: {
    /** The drawer's title for a new row: "Add a collection". */
    newTitle: string;
    /** The drawer's title for an existing row, default "Edit <name>". */
    title?: (row: T) => string;
    render: (row: T | null, close: () => void) => ReactNode;
    /** Rows open in the editor when clicked (and get an Edit action); without it the editor only adds. */
    edits?: boolean;
  };
  /** On/off switch per row (discount rules, fees…): offered as "Turn on" or "Turn off". */
  toggle?: {
    isOn: (row: T) => boolean;
    set: (row: T, on: boolean, handlers: Handlers) => void;
    /** The toast after switching, default "<name> is on" / "<name> is off". */
    said?: (name: string, on: boolean) => string;
  };
  remove?: {
    /** The delete mutation, sent the row's key (its id). */
    mutation: { mutate: (id: string, handlers: Handlers) => void; isPending: boolean };
    /** The confirmation's button, default "Delete <noun>": "Delete collection". */
    confirmLabel?: string;
    /** What deleting means for the shop, in the confirmation. */
    consequence: ReactNode;
  };
  empty: { title: string; body?: ReactNode };
}

/**
 * A dashboard list of things the owner adds, edits, switches on and off and deletes: the table, the add button, the
 * editor drawer, the delete confirmation and the toasts that report each outcome, in one piece.
 */
export function ManagedList<T>({
  query,
  title,
  description,
  header = (add) => <PageHeader title={title ?? ''} description={description} actions={add} />,
  addLabel,
  addVariant = 'primary',
  editor,
  toggle,
  remove,
  empty,
  ...table
}: ManagedListProps<T>) {
  const toast = useToast();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const close = () => setEditing(null);
  const failed = (what: string) => (e: unknown) => toast(`${what}: ${describeError(e).message}`, 'error');
  const add = (
    <Button variant={addVariant} onClick={() => setEditing('new')} aria-haspopup="dialog">
      {addLabel}
    </Button>
  );
  const actions = rowActions<T>({
    edits: editor.edits,
    toggle,
    removes: Boolean(remove),
    onEdit: setEditing,
    onDelete: setDeleting,
    onToggled: (row, on, said) => toast(said(table.rowLabel(row), on)),
    onFailed: failed('Not changed'),
  });
  const deletingName = deleting ? table.rowLabel(deleting) : '';
  const editorTitle = (row: T | 'new' | null) =>
    row === null ? '' : row === 'new' ? editor.newTitle : (editor.title?.(row) ?? `Edit ${table.rowLabel(row)}`);

  return (
    <>
      {header(add)}
      <ResourceTable<T>
        {...table}
        {...tableStates(query)}
        onOpen={editor.edits ? setEditing : undefined}
        actions={actions}
        // Edit and Delete side by side need more than one word's width (they wrapped onto two lines in w-28).
        actionsClassName={table.actionsClassName ?? (toggle ? 'w-52' : remove && editor.edits ? 'w-44' : undefined)}
        empty={{ ...empty, action: add }}
      />
      <Drawer open={editing !== null} title={editorTitle(editing)} onClose={close}>
        {editing !== null && editor.render(editing === 'new' ? null : editing, close)}
      </Drawer>
      {remove && (
        <RowConfirm<T>
          row={deleting}
          title={`Delete ${deletingName}?`}
          confirmLabel={remove.confirmLabel ?? `Delete ${table.noun.one}`}
          busy={remove.mutation.isPending}
          send={(row, handlers) => remove.mutation.mutate(table.rowKey(row), handlers)}
          done={(row) => `${table.rowLabel(row)} is deleted`}
          onClose={() => setDeleting(null)}
        >
          {remove.consequence}
        </RowConfirm>
      )}
    </>
  );
}

/** The row menu: Edit when rows open in the editor, Turn on or off with a switch, and Delete. */
function rowActions<T>({
  edits,
  toggle,
  removes,
  onEdit,
  onDelete,
  onToggled,
  onFailed,
}: {
  edits: boolean | undefined;
  toggle: ManagedListProps<T>['toggle'];
  removes: boolean;
  onEdit: (row: T) => void;
  onDelete: (row: T) => void;
  onToggled: (row: T, on: boolean, said: (name: string, on: boolean) => string) => void;
  onFailed: (e: unknown) => void;
}): Array<RowAction<T>> {
  const actions: Array<RowAction<T>> = [];
  if (edits) actions.push({ label: 'Edit', onSelect: onEdit });
  if (toggle) {
    const said = toggle.said ?? ((name, on) => (on ? `${name} is on` : `${name} is off`));
    const flip = (row: T, on: boolean) =>
      toggle.set(row, on, { onSuccess: () => onToggled(row, on, said), onError: onFailed });
    actions.push(
      { label: 'Turn off', when: (r) => toggle.isOn(r), onSelect: (r) => flip(r, false) },
      { label: 'Turn on', when: (r) => !toggle.isOn(r), onSelect: (r) => flip(r, true) },
    );
  }
  if (removes) actions.push({ label: 'Delete', danger: true, onSelect: onDelete });
  return actions;
}
