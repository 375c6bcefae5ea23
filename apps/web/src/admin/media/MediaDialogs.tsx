import { useState, type FormEvent } from 'react';
import { Dialog } from '../../ui/Dialog.js';
import { describeError } from '../../ui/ErrorMessage.js';
import { TextField } from '../../ui/Field.js';
import { useToast } from '../Toast.js';
import { mediaMutations, usePlazaMutation } from '@plaza/react';
import { FormActions } from '../../ui/FormActions.js';

/** One-field forms of the library: a new folder's name, a link to import. */
function OneField({
  open,
  title,
  description,
  label,
  hint,
  submitLabel,
  busy,
  error,
  type = 'text',
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  description?: string;
  label: string;
  hint?: string;
  submitLabel: string;
  busy: boolean;
  error: unknown;
  type?: string;
  onSubmit: (value: string) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (value.trim()) onSubmit(value.trim());
  };
  return (
    <Dialog open={open} title={title} {...(description ? { description } : {})} onClose={onClose} busy={busy}>
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <TextField
          label={label}
          {...(hint ? { hint } : {})}
          type={type}
          value={value}
          required
          maxLength={type === 'url' ? 2000 : 200}
          onChange={(e) => setValue(e.target.value)}
          error={error ? describeError(error).message : undefined}
          autoFocus
        />
        <FormActions
          submitLabel={submitLabel}
          busy={busy}
          onCancel={onClose}
          cancelVariant="secondary"
          disabled={!value.trim()}
        />
      </form>
    </Dialog>
  );
}

export function NewFolderDialog({ open, parent, onClose }: { open: boolean; parent: string; onClose: () => void }) {
  const toast = useToast();
  const create = usePlazaMutation(mediaMutations.createFolder, {
    onSuccess: () => {
      toast('Folder created');
      onClose();
    },
  });
  return (
    <OneField
      open={open}
      title="New folder"
      label="Folder name"
      submitLabel="Create folder"
      busy={create.isPending}
      error={create.error}
      onSubmit={(name) => create.mutate({ name, parent })}
      onClose={onClose}
    />
  );
}

export function ImportDialog({ open, folder, onClose }: { open: boolean; folder: string; onClose: () => void }) {
  const toast = useToast();
  const run = usePlazaMutation(mediaMutations.importFromUrl, {
    onSuccess: () => {
      toast('Importing: the file appears when it has been fetched');
      onClose();
    },
  });
  return (
    <OneField
      open={open}
      title="Add from a link"
      description="Plaza fetches the file from the web address and keeps its own copy."
      label="Web address of the file"
      hint="For example https://example.com/photo.jpg"
      type="url"
      submitLabel="Add file"
      busy={run.isPending}
      error={run.error}
      onSubmit={(url) => run.mutate({ url, folder })}
      onClose={onClose}
    />
  );
}
