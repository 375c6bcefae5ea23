import { useState, type FormEvent } from 'react';
import { X } from 'lucide-react';
import type { EnterpriseCategory, EnterpriseItem, FileDescriptor } from '@plaza/sdk/media';
import { enterpriseMediaMutations, usePlazaMutation, type EnterpriseItemInput } from '@plaza/react';
import { Button } from '../../../ui/Button.js';
import { TextAreaField, TextField } from '../../../ui/Field.js';
import { FormActions } from '../../../ui/FormActions.js';
import { FormProblems } from '../../../ui/FormProblems.js';
import type { FormRules } from '../../../ui/formRules.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { SelectField } from '../../ui/SelectField.js';
import { KIND_WORDS } from '../words.js';
import { ASSET_KINDS, assetKindOf, categoryTree } from './categories.js';
import { FileThumb, LibraryFilePicker } from './LibraryFilePicker.js';

export const itemRules: FormRules<'title' | 'description'> = {
  title: {
    label: 'Title',
    required: true,
    requiredMessage: 'Give the item a title, such as “Main logo”.',
    maxLength: 200,
  },
  description: { label: 'Description', maxLength: 2000 },
};

/** The item's files in one list, whatever their kind. */
const filesOf = (item: EnterpriseItem | null): FileDescriptor[] =>
  item ? ASSET_KINDS.flatMap((k) => item.assets[k] ?? []) : [];

/** The files by kind, as the server takes them; every kind is sent, so a kind emptied here is emptied there. */
function assetsOf(files: FileDescriptor[]): EnterpriseItemInput['assets'] {
  const assets: EnterpriseItemInput['assets'] = Object.fromEntries(ASSET_KINDS.map((k) => [k, [] as string[]]));
  for (const f of files) {
    const kind = assetKindOf(f.mediaType);
    if (kind) assets[kind]!.push(f.id);
  }
  return assets;
}

/** Adding or changing an item of the brand library: its title, description, category and files. */
export function ItemForm({
  item,
  categoryId,
  categories,
  onDone,
}: {
  item: EnterpriseItem | null;
  /** Where a new item goes: the category on screen. */
  categoryId: string;
  categories: readonly EnterpriseCategory[];
  onDone: () => void;
}) {
  const create = usePlazaMutation(enterpriseMediaMutations.createItem);
  const update = usePlazaMutation(enterpriseMediaMutations.updateItem);
  const save = item ? update : create;
  const toast = useToast();
  const [title, setTitle] = useState(item?.title ?? '');
  const [description, setDescription] = useState(item?.description ?? '');
  const [category, setCategory] = useState(item?.categoryId ?? categoryId);
  const [files, setFiles] = useState(() => filesOf(item));
  const [picking, setPicking] = useState(false);
  const form = useFormRules(itemRules, { title: title.trim() ? title : '', description }, { serverError: save.error });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check()) return;
    const values = { title: title.trim(), description, categoryId: category, assets: assetsOf(files) };
    const done = (saved: { item: EnterpriseItem }) => {
      toast(`${saved.item.title} is saved`);
      onDone();
    };
    if (item) update.mutate({ id: item.id, item: values }, { onSuccess: done });
    else create.mutate(values, { onSuccess: done });
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <TextField {...form.bind('title', title, setTitle)} />
      <TextAreaField {...form.bind('description', description, setDescription)} rows={3} />
      <SelectField
        label="Category"
        value={category}
        onChange={setCategory}
        options={categoryTree(categories).map(({ category: c, depth }) => ({
          value: c.id,
          label: `${'— '.repeat(depth)}${c.name}`,
        }))}
      />
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Files</legend>
        {files.length === 0 ? (
          <p className="text-sm text-neutral-600">No files yet: add the logo, its drawings or its guidelines.</p>
        ) : (
          <ul className="space-y-2" aria-label="Files of this item">
            {files.map((f) => (
              <li key={f.id} className="flex items-center gap-3">
                <FileThumb file={f} className="size-10" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-sm">{f.displayName}</span>
                  <span className="block text-xs text-neutral-600">{KIND_WORDS[f.mediaType]}</span>
                </span>
                <Button
                  variant="ghost"
                  aria-label={`Remove ${f.displayName}`}
                  onClick={() => setFiles((all) => all.filter((x) => x.id !== f.id))}
                >
                  <X aria-hidden className="size-4" />
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Button variant="secondary" onClick={() => setPicking(true)} aria-haspopup="dialog">
          Add files
        </Button>
      </fieldset>
      <LibraryFilePicker
        open={picking}
        chosen={new Set(files.map((f) => f.id))}
        onPick={(f) => setFiles((all) => [...all, f])}
        onClose={() => setPicking(false)}
      />
      <FormProblems form={form} error={save.error} />
      <FormActions submitLabel={item ? 'Save' : 'Add item'} busy={save.isPending} onCancel={onDone} />
    </form>
  );
}
