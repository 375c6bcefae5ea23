import { shippingMutations, shippingQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { type ShippingProviderConfiguration } from '@plaza/sdk/ecom';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import { Skeleton } from '../../../ui/Skeleton.js';
import { ownerOnlyPage } from '../../ui/OwnerOnly.js';
import { useToast } from '../../Toast.js';
import { FormPage, useDraft } from '../../ui/FormPage.js';
import { PageHeader } from '../../ui/PageHeader.js';
import { carrierDraft, carrierInput, carrierProblem, MASK_PATH, type CarrierDraft } from './carrierDraft.js';
import { BoxesSection, LocalDeliverySection, ServicesSection, ShipsFromSection } from './CarrierSections.js';

/** /admin/store/carriers: where parcels leave from, the carrier services and their rates, boxes, local delivery. */
export const CarriersPage = ownerOnlyPage('Carriers', 'carrier settings', Loader);

function Loader() {
  const { data, error, isPending, isFetching, refetch } = useQuery(shippingQueries.carriers(usePlaza()));
  return (
    <>
      <PageHeader
        title="Carriers"
        description="Where your parcels leave from, which postal services you offer and what they cost, and delivery near you."
      />
      {isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : error ? (
        <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : (
        <CarriersForm key={data.updatedDate} config={data} />
      )}
    </>
  );
}

function CarriersForm({ config }: { config: ShippingProviderConfiguration }) {
  const saved = useMemo(() => carrierDraft(config), [config]);
  const { draft, set, dirty, undo, changed } = useDraft<CarrierDraft>(saved);
  const update = usePlazaMutation(shippingMutations.updateCarriers);
  const toast = useToast();

  return (
    <FormPage
      dirty={dirty}
      busy={update.isPending}
      error={update.error}
      problem={carrierProblem(draft)}
      saveLabel="Save carriers"
      onUndo={undo}
      onSubmit={() =>
        update.mutate(carrierInput(draft, changed), {
          onSuccess: () => toast(`Carrier settings saved (${changed.map((k) => words[MASK_PATH[k]]).join(', ')})`),
        })
      }
    >
      <ShipsFromSection draft={draft} set={set} />
      <ServicesSection
        title="Domestic services"
        description="Offered for addresses in your own country, priced by the parcel's weight."
        services={draft.domestic}
        onChange={(list) => set('domestic', list)}
      />
      <ServicesSection
        title="International services"
        description="Offered for addresses abroad."
        services={draft.international}
        onChange={(list) => set('international', list)}
      />
      <BoxesSection draft={draft} set={set} />
      <LocalDeliverySection draft={draft} set={set} />
    </FormPage>
  );
}

const words: Record<string, string> = {
  shipFromAddress: 'address',
  domesticServices: 'domestic services',
  internationalServices: 'international services',
  packageTypes: 'boxes',
  localDelivery: 'local delivery',
};
