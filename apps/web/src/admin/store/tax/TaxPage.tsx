import { useState } from 'react';
import type { TaxGroup, TaxRegion } from '@plaza/contracts';
import { taxMutations, taxQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../../ui/Badge.js';
import { Button } from '../../../ui/Button.js';
import { describeError, ErrorMessage } from '../../../ui/ErrorMessage.js';
import { inputClass } from '../../../ui/Field.js';
import { Skeleton } from '../../../ui/Skeleton.js';
import { ownerOnlyPage } from '../../ui/OwnerOnly.js';
import { useToast } from '../../Toast.js';
import { Drawer } from '../../ui/Drawer.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { type Column, ResourceTable, tableStates } from '../../ui/ResourceTable.js';
import { countryName } from '../shipping/countries.js';
import { subdivisionName } from '../../../ui/subdivisions.js';
import { rateToPercent } from './rates.js';
import { TaxRegionForm } from './TaxRegionForm.js';
import { TaxSettingsForm } from './TaxSettingsForm.js';
import { RowConfirm } from '../../ui/RowConfirm.js';

const place = (r: TaxRegion) =>
  r.subdivision ? `${subdivisionName(r.subdivision)}, ${countryName(r.country)}` : countryName(r.country);
const total = (r: TaxRegion) => {
  // Whole hundredths of a percent are enough to show the total; each rate itself is kept exact.
  const sum = r.jurisdictions.reduce((s, j) => s + Math.round(Number(j.rate) * 1_000_000), 0);
  return `${rateToPercent(String(sum / 1_000_000))}%`;
};

/** /admin/store/tax: the tax settings, the rates per country or state, and the tax groups products can point at. */
export const TaxPage = ownerOnlyPage('Tax', 'tax', TaxScreen);

function TaxScreen() {
  const settings = useQuery(taxQueries.settings(usePlaza()));
  const regions = useQuery(taxQueries.regions(usePlaza()));
  const [editing, setEditing] = useState<TaxRegion | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TaxRegion | null>(null);
  const add = (
    <Button onClick={() => setEditing('new')} aria-haspopup="dialog">
      Add tax region
    </Button>
  );
  return (
    <>
      <PageHeader
        title="Tax"
        description="How tax is added to your prices, and the rates where you sell."
        actions={add}
      />
      {settings.isPending ? (
        <Skeleton className="h-48 w-full" />
      ) : settings.error ? (
        <ErrorMessage error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <TaxSettingsForm key={settings.data.updatedDate} settings={settings.data} />
      )}
      <section aria-label="Tax regions" className="mt-8 space-y-3">
        <h2 className="text-lg font-semibold">Rates by region</h2>
        <ResourceTable<TaxRegion>
          noun={{ one: 'tax region', other: 'tax regions' }}
          rows={regions.data}
          rowKey={(r) => r.id}
          rowLabel={place}
          {...tableStates(regions)}
          onOpen={setEditing}
          columns={regionColumns}
          actions={[{ label: 'Delete', danger: true, onSelect: setDeleting }]}
          empty={{
            title: 'No tax regions yet',
            body: 'Add the countries where you charge tax, with their rates.',
            action: add,
          }}
        />
      </section>
      <TaxGroups />
      <Drawer
        open={editing !== null}
        title={editing === 'new' ? 'Add a tax region' : `Edit ${editing ? place(editing) : ''}`}
        onClose={() => setEditing(null)}
      >
        {editing && <TaxRegionForm region={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      </Drawer>
      <DeleteRegionDialog region={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

const regionColumns: Column<TaxRegion>[] = [
  {
    header: 'Region',
    primary: true,
    cell: (r) => <span className="font-medium text-neutral-900">{place(r)}</span>,
  },
  {
    header: 'Taxes',
    cell: (r) => r.jurisdictions.map((j) => `${j.name} ${rateToPercent(j.rate)}%`).join(', ') || 'None',
  },
  { header: 'Total', className: 'w-24', cell: total },
  { header: 'Shipping', className: 'w-28', cell: (r) => (r.taxShipping ? 'Taxed' : 'Not taxed') },
];

/** Asks before deleting a region's rates; a failure closes the dialog and says why. */
function DeleteRegionDialog({ region: deleting, onClose }: { region: TaxRegion | null; onClose: () => void }) {
  const remove = usePlazaMutation(taxMutations.deleteRegion);
  return (
    <RowConfirm
      row={deleting}
      title={`Delete the tax rates of ${deleting ? place(deleting) : ''}?`}
      confirmLabel="Delete tax region"
      busy={remove.isPending}
      send={(r, handlers) => remove.mutate(r.id, handlers)}
      done={() => 'Tax region deleted'}
      onClose={onClose}
    >
      Orders there are no longer taxed unless another region covers them.
    </RowConfirm>
  );
}

/** Kinds of products taxed differently (books, food); the default group applies to everything else. */
function TaxGroups() {
  const groups = useQuery(taxQueries.groups(usePlaza()));
  const remove = usePlazaMutation(taxMutations.deleteGroup);
  const [deleting, setDeleting] = useState<TaxGroup | null>(null);
  return (
    <section aria-label="Tax groups" className="mt-8 space-y-3">
      <h2 className="text-lg font-semibold">Tax groups</h2>
      <p className="text-sm text-neutral-600">Kinds of products taxed at their own rate, such as books or food.</p>
      <AddGroupForm />
      <ResourceTable<TaxGroup>
        noun={{ one: 'tax group', other: 'tax groups' }}
        rows={groups.data}
        rowKey={(g) => g.id}
        rowLabel={(g) => g.name}
        {...tableStates(groups)}
        columns={[
          {
            header: 'Group',
            primary: true,
            cell: (g) => (
              <span className="flex items-center gap-2">
                <span className="truncate font-medium">{g.name}</span>
                {g.isDefault && <Badge>Default</Badge>}
              </span>
            ),
          },
        ]}
        actions={[{ label: 'Delete', danger: true, when: (g) => !g.isDefault, onSelect: setDeleting }]}
        empty={{ title: 'No tax groups', body: 'Every product is taxed at its region’s rates.' }}
      />
      <RowConfirm
        row={deleting}
        title={`Delete ${deleting?.name ?? 'the tax group'}?`}
        confirmLabel="Delete tax group"
        busy={remove.isPending}
        send={(g, handlers) => remove.mutate(g.id, handlers)}
        done={(g) => `${g.name} is deleted`}
        onClose={() => setDeleting(null)}
      >
        Products in it are taxed like everything else.
      </RowConfirm>
    </section>
  );
}

/** Adds a tax group by name; the field empties once it is added. */
function AddGroupForm() {
  const create = usePlazaMutation(taxMutations.createGroup);
  const toast = useToast();
  const [name, setName] = useState('');
  return (
    <form
      className="flex gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) return;
        create.mutate(
          { name: name.trim() },
          {
            onSuccess: (r) => {
              toast(`${r.taxGroup.name} is added`);
              setName('');
            },
            onError: (err) => toast(`Not added: ${describeError(err).message}`, 'error'),
          },
        );
      }}
    >
      <label htmlFor="tax-group-name" className="sr-only">
        New tax group
      </label>
      <input
        id="tax-group-name"
        className={inputClass}
        placeholder="Books"
        maxLength={100}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <Button
        type="submit"
        variant="secondary"
        className="shrink-0 whitespace-nowrap"
        busy={create.isPending}
        disabled={!name.trim()}
      >
        Add group
      </Button>
    </form>
  );
}
