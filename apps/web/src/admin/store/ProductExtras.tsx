import { useState } from 'react';
import { Link } from 'react-router';
import { CATALOG_LIMITS } from '@plaza/contracts/constants';
import { catalogQueries, usePlaza } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../ui/Button.js';
import { TextField } from '../../ui/Field.js';
import { Skeleton } from '../../ui/Skeleton.js';
import { MediaPicker, siteAddress } from '../media/MediaPicker.js';
import { FormSection } from '../ui/FormPage.js';
import { SelectField } from '../ui/SelectField.js';
import { FREQUENCY_OPTIONS } from './labels.js';
import type { CheckedSectionProps, SetDraft } from './ProductFields.js';
import { imageProblem, isImageAddress, type Frequency, type PlanDraft, type ProductDraft } from './productDraft.js';
import { CheckboxField } from '../../ui/CheckboxField.js';
import { rowEdits } from '../ui/rowEdits.js';
import { textBinder } from '../ui/textBinder.js';

const Problem = ({ text }: { text?: string | undefined }) =>
  text ? (
    <p role="alert" className="text-sm text-red-700">
      {text}
    </p>
  ) : null;

/**
 * Pictures from the media library or by their web address; the first is the product's main picture. After a Save,
 * each address that is not an image address says so under it.
 */
export function MediaSection({ draft, set, error, showProblems = false }: CheckedSectionProps) {
  const [picking, setPicking] = useState(false);
  const media = rowEdits(draft.media, (next) => set('media', next));
  return (
    <FormSection
      title="Images"
      description="The first image is the one shown in lists. Choose images from your media (uploading new ones there), or add one by its web address."
    >
      {draft.media.map((m, i) => (
        <div key={i} className="grid gap-3 sm:grid-cols-[4rem_2fr_1fr_auto] sm:items-end">
          {isImageAddress(m.url) ? (
            <img src={m.url} alt="" className="h-16 w-16 rounded border border-neutral-200 object-cover" />
          ) : (
            <span aria-hidden className="hidden h-16 w-16 rounded border border-dashed border-neutral-300 sm:block" />
          )}
          <TextField
            label={`Image ${i + 1} address`}
            // Not type="url": a path on this site (/demo/mug.svg) is an address too, and the browser would refuse it.
            inputMode="url"
            placeholder="https://images.example.com/mug.jpg"
            error={showProblems ? imageProblem(m) : undefined}
            value={m.url}
            onChange={(e) => media.change(i, { url: e.target.value })}
          />
          <TextField
            label="Description for screen readers"
            maxLength={300}
            value={m.altText}
            onChange={(e) => media.change(i, { altText: e.target.value })}
          />
          <Button variant="ghost" onClick={() => media.remove(i)}>
            Remove
          </Button>
        </div>
      ))}
      {draft.media.length < CATALOG_LIMITS.mediaMax && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setPicking(true)}>
            Choose from media
          </Button>
          <Button variant="ghost" onClick={() => media.add({ url: '', altText: '' })}>
            Add by web address
          </Button>
        </div>
      )}
      <MediaPicker
        open={picking}
        onClose={() => setPicking(false)}
        onPick={(f) => media.add({ url: siteAddress(f.url), altText: f.displayName.replace(/\.[^.]*$/, '') })}
      />
      <Problem text={error} />
    </FormSection>
  );
}

export function CollectionsSection({ draft, set }: { draft: ProductDraft; set: SetDraft }) {
  const { data, isPending } = useQuery(catalogQueries.collections(usePlaza()));
  const toggle = (id: string, on: boolean) =>
    set('collectionIds', on ? [...draft.collectionIds, id] : draft.collectionIds.filter((c) => c !== id));
  return (
    <FormSection title="Collections" description="Groups customers can browse, such as “Kitchen” or “Gifts”.">
      {isPending ? (
        <Skeleton className="h-10 w-full" />
      ) : !data?.length ? (
        <p className="text-sm text-neutral-600">
          No collections yet.{' '}
          <Link to="/admin/store/collections" className="font-medium text-accent hover:underline">
            Create one
          </Link>
          , then come back to add this product.
        </p>
      ) : (
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="sr-only">Collections</legend>
          {data.map((c) => (
            <CheckboxField
              key={c.id}
              label={c.name}
              checked={draft.collectionIds.includes(c.id)}
              onChange={(checked) => toggle(c.id, checked)}
            />
          ))}
        </fieldset>
      )}
    </FormSection>
  );
}

const newPlan = (): PlanDraft => ({ frequency: 'MONTH', interval: '1', billingCycles: '', discountPercent: '' });

/** Sell it as a subscription too: every plan charges again after its interval, optionally at a discount. */
export function SubscriptionSection({
  draft,
  set,
  error,
}: {
  draft: ProductDraft;
  set: SetDraft;
  error?: string | undefined;
}) {
  return (
    <FormSection title="Subscriptions">
      <CheckboxField
        label="Offer this product as a subscription"
        checked={draft.subscriptions}
        onChange={(checked) => set('subscriptions', checked)}
        className="flex items-center gap-3 text-sm font-medium"
      />
      {draft.subscriptions && (
        <>
          <CheckboxField
            label="Customers can also buy it once"
            checked={draft.allowOneTimePurchases}
            onChange={(checked) => set('allowOneTimePurchases', checked)}
          />
          {draft.plans.map((p, i) => (
            <PlanRow key={i} draft={draft} set={set} i={i} />
          ))}
          {draft.plans.length < 10 && (
            <Button variant="secondary" onClick={() => set('plans', [...draft.plans, newPlan()])}>
              Add another frequency
            </Button>
          )}
        </>
      )}
      <Problem text={error} />
    </FormSection>
  );
}

/** One subscription plan: how often, how many payments, its discount, and Remove. */
function PlanRow({ draft, set, i }: { draft: ProductDraft; set: SetDraft; i: number }) {
  const p = draft.plans[i]!;
  const plans = rowEdits(draft.plans, (next) => set('plans', next));
  const setPlan = (change: Partial<PlanDraft>) => plans.change(i, change);
  const text = textBinder(p, setPlan);
  return (
    <div className="grid grid-cols-2 gap-3 rounded-md border border-neutral-200 p-3 sm:grid-cols-5 sm:items-end">
      <TextField
        label="Every"
        inputMode="numeric"
        value={p.interval}
        onChange={(e) => setPlan({ interval: e.target.value.replace(/\D/g, '') })}
      />
      <SelectField<Frequency>
        label="Period"
        value={p.frequency}
        options={[...FREQUENCY_OPTIONS]}
        onChange={(v) => setPlan({ frequency: v })}
      />
      <TextField
        label="Payments"
        hint="Empty: until canceled"
        inputMode="numeric"
        value={p.billingCycles}
        onChange={(e) => setPlan({ billingCycles: e.target.value.replace(/\D/g, '') })}
      />
      <TextField label="Discount %" inputMode="decimal" {...text('discountPercent')} />
      <Button variant="ghost" disabled={draft.plans.length === 1} onClick={() => plans.remove(i)}>
        Remove
      </Button>
    </div>
  );
}
