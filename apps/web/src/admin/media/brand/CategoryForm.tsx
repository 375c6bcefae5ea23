import { useState, type FormEvent } from 'react';
import type { EnterpriseCategory } from '@plaza/sdk/media';
import { enterpriseMediaMutations, usePlazaMutation } from '@plaza/react';
import { TextAreaField, TextField } from '../../../ui/Field.js';
import { FormActions } from '../../../ui/FormActions.js';
import { FormProblems } from '../../../ui/FormProblems.js';
import type { FormRules } from '../../../ui/formRules.js';
import { useFormRules } from '../../../ui/useFormRules.js';
import { useToast } from '../../Toast.js';
import { SelectField } from '../../ui/SelectField.js';
import { categoryTree } from './categories.js';

export const categoryRules: FormRules<'name' | 'description'> = {
  name: {
    label: 'Name',
    required: true,
    requiredMessage: 'Give the category a name, such as “Logos”.',
    maxLength: 200,
  },
  description: { label: 'Description', maxLength: 2000 },
};

const TOP = '';

/**
 * Adding or renaming a category. Where a new one goes (at the top or inside another) is chosen when it is added: the
 * library cannot move a category back to the top, so the place is not offered for changes.
 */
export function CategoryForm({
  category,
  categories,
  onDone,
}: {
  category: EnterpriseCategory | null;
  categories: readonly EnterpriseCategory[];
  onDone: (saved?: EnterpriseCategory) => void;
}) {
  const create = usePlazaMutation(enterpriseMediaMutations.createCategory);
  const update = usePlazaMutation(enterpriseMediaMutations.updateCategory);
  const save = category ? update : create;
  const toast = useToast();
  const [name, setName] = useState(category?.name ?? '');
  const [description, setDescription] = useState(category?.description ?? '');
  const [parent, setParent] = useState(TOP);
  const form = useFormRules(categoryRules, { name: name.trim() ? name : '', description }, { serverError: save.error });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check()) return;
    const done = (saved: { category: EnterpriseCategory }) => {
      toast(`${saved.category.name} is saved`);
      onDone(saved.category);
    };
    const values = { name: name.trim(), description };
    if (category) update.mutate({ id: category.id, category: values }, { onSuccess: done });
    else create.mutate({ ...values, ...(parent ? { parentCategoryId: parent } : {}) }, { onSuccess: done });
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <TextField {...form.bind('name', name, setName)} />
      <TextAreaField {...form.bind('description', description, setDescription)} rows={3} />
      {!category && categories.length > 0 && (
        <SelectField
          label="Place"
          value={parent}
          onChange={setParent}
          options={[
            { value: TOP, label: 'At the top' },
            ...categoryTree(categories).map(({ category: c, depth }) => ({
              value: c.id,
              label: `Inside ${'— '.repeat(depth)}${c.name}`,
            })),
          ]}
        />
      )}
      <FormProblems form={form} error={save.error} />
      <FormActions submitLabel={category ? 'Save' : 'Add category'} busy={save.isPending} onCancel={() => onDone()} />
    </form>
  );
}
