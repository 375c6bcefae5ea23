import { useState } from 'react';
import type { ShippingOption, ShippingRegion } from '@plaza/sdk/ecom';
import { shippingMutations, shippingQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Button } from '../../../ui/Button.js';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.js';
import { EmptyState } from '../../../ui/EmptyState.js';
import { describeError, ErrorMessage } from '../../../ui/ErrorMessage.js';
import { ownerOnlyPage } from '../../ui/OwnerOnly.js';
import { ListSkeleton } from '../../ListSkeleton.js';
import { useToast } from '../../Toast.js';
import { Drawer } from '../../ui/Drawer.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { ResourceTable, tableStates } from '../../ui/ResourceTable.js';
import { OptionForm } from './OptionForm.js';
import { PickupSection } from './PickupSection.js';
import { RegionForm } from './RegionForm.js';
import { rateWords, regionPlaces } from './words.js';
import { NameCell } from '../../ui/NameCell.js';

type Editing =
  | { kind: 'region'; region: ShippingRegion | null }
  | { kind: 'option'; region: ShippingRegion; option: ShippingOption | null };
type Deleting = { kind: 'region'; region: ShippingRegion } | { kind: 'option'; option: ShippingOption };

/** /admin/store/shipping: where the shop ships (regions) and how, with what it costs (options and their rates). */
export const ShippingPage = ownerOnlyPage('Shipping', 'shipping', ShippingScreen);

function ShippingScreen() {
  const regions = useQuery(shippingQueries.regions(usePlaza()));
  const options = useQuery(shippingQueries.options(usePlaza()));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const addRegion = (
    <Button onClick={() => setEditing({ kind: 'region', region: null })} aria-haspopup="dialog">
      Add region
    </Button>
  );
  const close = () => setEditing(null);

  return (
    <>
      <PageHeader
        title="Shipping"
        description="Where you ship, the ways buyers can choose, and what each costs."
        actions={addRegion}
      />
      {regions.isPending ? (
        <ListSkeleton label="Loading shipping regions" rows={4} />
      ) : regions.error ? (
        <ErrorMessage error={regions.error} onRetry={() => void regions.refetch()} retrying={regions.isFetching} />
      ) : !regions.data.length ? (
        <EmptyState title="No shipping regions yet" action={addRegion}>
          Add a region, such as your own country, then the ways you ship there and their prices.
        </EmptyState>
      ) : (
        <div className="space-y-6">
          {regions.data.map((region) => (
            <RegionCard key={region.id} region={region} options={options} onEdit={setEditing} onDelete={setDeleting} />
          ))}
        </div>
      )}
      <EditDrawer editing={editing} onClose={close} />
      <PickupSection />
      <DeleteConfirm deleting={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}

/** One region: its places, its actions, and the table of its shipping options. */
function RegionCard({
  region,
  options,
  onEdit: setEditing,
  onDelete: setDeleting,
}: {
  region: ShippingRegion;
  options: UseQueryResult<ShippingOption[]>;
  onEdit: (editing: Editing) => void;
  onDelete: (deleting: Deleting) => void;
}) {
  return (
    <section aria-label={region.name} className="space-y-3 rounded-lg border border-neutral-200 bg-white p-4 sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h2 className="text-base font-semibold">{region.name}</h2>
          <p className="text-sm text-neutral-600">{regionPlaces(region)}</p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setEditing({ kind: 'option', region, option: null })}>
            Add option
          </Button>
          <Button variant="ghost" onClick={() => setEditing({ kind: 'region', region })}>
            Edit region
          </Button>
          <Button variant="ghost" onClick={() => setDeleting({ kind: 'region', region })}>
            Delete region
          </Button>
        </div>
      </div>
      <ResourceTable<ShippingOption>
        noun={{ one: 'option', other: 'options' }}
        rows={options.data?.filter((o) => o.shippingRegionId === region.id)}
        rowKey={(o) => o.id}
        rowLabel={(o) => o.title}
        {...tableStates(options)}
        onOpen={(option) => setEditing({ kind: 'option', region, option })}
        columns={[
          {
            header: 'Option',
            primary: true,
            cell: (o) => <NameCell name={o.title} detail={o.estimatedDeliveryTime} />,
          },
          { header: 'Price', className: 'w-2/5', cell: (o) => rateWords(o) },
          {
            header: 'Slots',
            className: 'w-20',
            cell: (o) => (o.deliveryTimeSlots.length ? String(o.deliveryTimeSlots.length) : 'None'),
          },
        ]}
        actions={[{ label: 'Delete', danger: true, onSelect: (option) => setDeleting({ kind: 'option', option }) }]}
        empty={{ title: 'No options yet', body: 'Buyers here cannot check out until you add a way to ship.' }}
      />
    </section>
  );
}

/** The drawer that adds or edits a region or one of its options. */
function EditDrawer({ editing, onClose: close }: { editing: Editing | null; onClose: () => void }) {
  return (
    <Drawer
      open={editing !== null}
      title={
        editing?.kind === 'region'
          ? editing.region
            ? `Edit ${editing.region.name}`
            : 'Add a shipping region'
          : editing?.option
            ? `Edit ${editing.option.title}`
            : `Add an option for ${editing?.region.name ?? ''}`
      }
      onClose={close}
    >
      {editing?.kind === 'region' && <RegionForm region={editing.region} onDone={close} onCancel={close} />}
      {editing?.kind === 'option' && (
        <OptionForm regionId={editing.region.id} option={editing.option} onDone={close} onCancel={close} />
      )}
    </Drawer>
  );
}

function DeleteConfirm({ deleting, onClose }: { deleting: Deleting | null; onClose: () => void }) {
  const region = usePlazaMutation(shippingMutations.deleteRegion);
  const option = usePlazaMutation(shippingMutations.deleteOption);
  const toast = useToast();
  const name = deleting?.kind === 'region' ? deleting.region.name : (deleting?.option.title ?? '');
  const handlers = {
    onSuccess: () => {
      toast(`${name} is deleted`);
      onClose();
    },
    onError: (e: unknown) => {
      onClose();
      toast(`It was not deleted: ${describeError(e).message}`, 'error');
    },
  };
  return (
    <ConfirmDialog
      open={deleting !== null}
      title={`Delete ${name}?`}
      confirmLabel={deleting?.kind === 'region' ? 'Delete region' : 'Delete option'}
      danger
      busy={region.isPending || option.isPending}
      onCancel={onClose}
      onConfirm={() => {
        if (deleting?.kind === 'region') region.mutate(deleting.region.id, handlers);
        else if (deleting) option.mutate(deleting.option.id, handlers);
      }}
    >
      {deleting?.kind === 'region'
        ? 'Its shipping options go with it. Buyers there can no longer check out unless another region covers them.'
        : 'Buyers no longer see this way to ship.'}
    </ConfirmDialog>
  );
}
