import { useState, type FormEvent } from 'react';
import type { Collection } from '@plaza/sdk/catalog';
import { catalogMutations, catalogQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../ui/Badge.js';
import { TextAreaField, TextField } from '../../ui/Field.js';
import { FormProblems } from '../../ui/FormProblems.js';
import type { FormRules } from '../../ui/formRules.js';
import { useFormRules } from '../../ui/useFormRules.js';
import { useToast } from '../Toast.js';
import { ManagedListPage, wholeList, type ManagedListSetup } from '../ui/ManagedListPage.js';
import { FormActions } from '../../ui/FormActions.js';
import { CheckboxField } from '../../ui/CheckboxField.js';
import { NameCell } from '../ui/NameCell.js';
import { ItemPlans } from '../plans/ItemPlans.js';

export const collectionRules: FormRules<'name' | 'description'> = {
  name: {
    label: 'Name',
    required: true,
    requiredMessage: 'Give the collection a name, such as “Kitchen”.',
    maxLength: 200,
  },
  description: { label: 'Description', maxLength: 5000 },
};

/** /admin/store/collections: groups of products customers can browse. */
export function CollectionsPage() {
  return (
    <ManagedListPage<Collection>
      title="Collections"
      what="collections"
      description="Group products so customers can browse them, such as “Kitchen” or “Gifts under 20”."
      useList={useCollectionsList}
    />
  );
}

function useCollectionsList(): ManagedListSetup<Collection> {
  const query = useQuery(catalogQueries.collections(usePlaza()));
  const remove = usePlazaMutation(catalogMutations.deleteCollection);
  return {
    query,
    addLabel: 'Add collection',
    noun: { one: 'collection', other: 'collections' },
    ...wholeList(query),
    rowLabel: (c) => c.name,
    columns: [
      {
        header: 'Collection',
        primary: true,
        cell: (c) => <NameCell name={c.name} detail={c.description} opens />,
      },
      {
        header: 'In the shop',
        className: 'w-32',
        cell: (c) => (c.visible ? <Badge tone="success">Shown</Badge> : <Badge>Hidden</Badge>),
      },
    ],
    editor: {
      edits: true,
      newTitle: 'Add a collection',
      render: (c, close) => <CollectionForm collection={c} onDone={close} onCancel={close} />,
    },
    remove: {
      mutation: remove,
      consequence: 'Its products stay in your shop; they only leave this collection.',
    },
    empty: { title: 'No collections yet', body: 'Collections group your products into aisles customers can browse.' },
  };
}

function CollectionForm({
  collection,
  onDone,
  onCancel,
}: {
  collection: Collection | null;
  onDone: () => void;
  onCancel: () => void;
}) {
  const create = usePlazaMutation(catalogMutations.createCollection);
  const update = usePlazaMutation(catalogMutations.updateCollection);
  const save = collection ? update : create;
  const toast = useToast();
  const [name, setName] = useState(collection?.name ?? '');
  const [description, setDescription] = useState(collection?.description ?? '');
  const [visible, setVisible] = useState(collection?.visible ?? true);
  const form = useFormRules(
    collectionRules,
    { name: name.trim() ? name : '', description },
    { serverError: save.error },
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.check()) return;
    const values = { name: name.trim(), description, visible };
    const done = (saved: { collection: Collection }) => {
      toast(`${saved.collection.name} is saved`);
      onDone();
    };
    if (collection) update.mutate({ collectionId: collection.id, collection: values }, { onSuccess: done });
    else create.mutate(values, { onSuccess: done });
  };

  return (
    <form className="space-y-5" onSubmit={submit} noValidate>
      <TextField {...form.bind('name', name, setName)} />
      <TextAreaField {...form.bind('description', description, setDescription)} rows={4} />
      <CheckboxField label="Show in the shop" checked={visible} onChange={setVisible} />
      <section className="space-y-3 border-t border-neutral-200 pt-4" aria-labelledby="collection-plans">
        <h3 id="collection-plans" className="text-sm font-semibold">
          Plans
        </h3>
        <ItemPlans item={collection && { kind: 'collection', id: collection.id }} noun="collection" />
      </section>
      <FormProblems form={form} error={save.error} />
      <FormActions submitLabel={collection ? 'Save' : 'Add collection'} busy={save.isPending} onCancel={onCancel} />
    </form>
  );
}
