import type { PlanBenefitKind } from '@plaza/sdk/plans';
import { PLAN_LIMITS } from '@plaza/contracts/constants';
import { useQuery } from '@tanstack/react-query';
import { catalogQueries, usePlaza } from '@plaza/react';
import { Button } from '../../ui/Button.js';
import { CheckboxField } from '../../ui/CheckboxField.js';
import { TextField } from '../../ui/Field.js';
import { ProductChecklist } from '../store/ProductChecklist.js';
import { FormSection } from '../ui/FormPage.js';
import { SelectField } from '../ui/SelectField.js';
import { benefitProblem, newBenefit, type BenefitDraft, type Unit } from './planDraft.js';

const KINDS: Array<{ kind: PlanBenefitKind; label: string; hint: string }> = [
  { kind: 'CREDITS', label: 'Credits', hint: 'Some products for free, so many times a period: “4 coffees a month”.' },
  { kind: 'MEMBER_PRICE', label: 'Member price', hint: 'A discount on chosen products or every order.' },
  { kind: 'FREE_SHIPPING', label: 'Free delivery', hint: 'Members pay no delivery.' },
  { kind: 'MEMBER_ONLY', label: 'Members-only products', hint: 'Only members can buy the chosen products.' },
];
export const KIND_LABEL = Object.fromEntries(KINDS.map((k) => [k.kind, k.label])) as Record<PlanBenefitKind, string>;

export const UNIT_OPTIONS: Array<{ value: Unit; label: string }> = [
  { value: 'DAY', label: 'days' },
  { value: 'WEEK', label: 'weeks' },
  { value: 'MONTH', label: 'months' },
  { value: 'YEAR', label: 'years' },
];

/** What members get: one card per benefit, each with its own fields and problem, and a way to add each kind. */
export function BenefitsSection({
  benefits,
  onChange,
  recurring,
  tried,
}: {
  benefits: BenefitDraft[];
  onChange: (next: BenefitDraft[]) => void;
  recurring: boolean;
  /** After the first Save: every benefit's problem shows. */
  tried: boolean;
}) {
  const change = (key: string, part: Partial<BenefitDraft>) =>
    onChange(benefits.map((b) => (b.key === key ? { ...b, ...part } : b)));
  const full = benefits.length >= PLAN_LIMITS.benefitsMax;
  return (
    <FormSection id="benefits" title="Benefits" description="What members get. Add as many as you like.">
      {benefits.length === 0 && <p className="text-sm text-neutral-600">No benefits yet: add one below.</p>}
      <ol className="space-y-3">
        {benefits.map((b, i) => (
          <li key={b.key} className="space-y-3 rounded-md border border-neutral-200 p-3" data-testid="benefit">
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">
                {i + 1}. {KIND_LABEL[b.kind]}
              </h3>
              <Button variant="ghost" onClick={() => onChange(benefits.filter((x) => x.key !== b.key))}>
                Remove<span className="sr-only"> {KIND_LABEL[b.kind]}</span>
              </Button>
            </div>
            <BenefitFields benefit={b} recurring={recurring} set={(part) => change(b.key, part)} />
            {tried && benefitProblem(b) && (
              <p role="alert" className="text-sm text-red-700">
                {benefitProblem(b)}
              </p>
            )}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2" role="group" aria-label="Add a benefit">
        {KINDS.map((k) => (
          <Button
            key={k.kind}
            variant="secondary"
            disabled={full}
            title={k.hint}
            onClick={() => onChange([...benefits, newBenefit(k.kind)])}
          >
            + {k.label}
          </Button>
        ))}
      </div>
      {full && <p className="text-sm text-neutral-600">A plan has at most {PLAN_LIMITS.benefitsMax} benefits.</p>}
    </FormSection>
  );
}

function BenefitFields({
  benefit: b,
  recurring,
  set,
}: {
  benefit: BenefitDraft;
  recurring: boolean;
  set: (part: Partial<BenefitDraft>) => void;
}) {
  if (b.kind === 'FREE_SHIPPING') return <p className="text-sm text-neutral-600">Members pay no delivery.</p>;
  return (
    <>
      {b.kind === 'CREDITS' && <CreditFields benefit={b} recurring={recurring} set={set} />}
      {b.kind === 'MEMBER_PRICE' && <PriceFields benefit={b} set={set} />}
      {!(b.kind === 'MEMBER_PRICE' && b.wholeOrder) && <Targets benefit={b} set={set} />}
    </>
  );
}

function CreditFields({
  benefit: b,
  recurring,
  set,
}: {
  benefit: BenefitDraft;
  recurring: boolean;
  set: (part: Partial<BenefitDraft>) => void;
}) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      <TextField
        label="How many"
        inputMode="numeric"
        value={b.credits}
        onChange={(e) => set({ credits: e.target.value })}
      />
      <TextField
        label="Renew every"
        inputMode="numeric"
        hint={recurring ? 'Empty: with each payment.' : 'Empty: once for the whole plan.'}
        value={b.periodCount}
        onChange={(e) => set({ periodCount: e.target.value })}
      />
      <SelectField<Unit>
        label="Period"
        value={b.periodUnit}
        options={UNIT_OPTIONS}
        onChange={(periodUnit) => set({ periodUnit })}
        disabled={!b.periodCount.trim()}
      />
    </div>
  );
}

function PriceFields({ benefit: b, set }: { benefit: BenefitDraft; set: (part: Partial<BenefitDraft>) => void }) {
  return (
    <>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField<BenefitDraft['off']>
          label="Discount"
          value={b.off}
          options={[
            { value: 'PERCENT', label: 'Percent off' },
            { value: 'AMOUNT', label: 'Amount off' },
          ]}
          onChange={(off) => set({ off })}
        />
        {b.off === 'PERCENT' ? (
          <TextField
            label="Percent"
            inputMode="numeric"
            value={b.percentOff}
            onChange={(e) => set({ percentOff: e.target.value })}
          />
        ) : (
          <TextField
            label="Amount"
            inputMode="decimal"
            value={b.amountOff}
            onChange={(e) => set({ amountOff: e.target.value })}
          />
        )}
      </div>
      <CheckboxField label="On the whole order" checked={b.wholeOrder} onChange={(wholeOrder) => set({ wholeOrder })} />
    </>
  );
}

/** The products (searched) and collections (ticked) a benefit covers. */
function Targets({ benefit: b, set }: { benefit: BenefitDraft; set: (part: Partial<BenefitDraft>) => void }) {
  const collections = useQuery(catalogQueries.collections(usePlaza()));
  const tick = (id: string, on: boolean) =>
    set({ collectionIds: on ? [...b.collectionIds, id] : b.collectionIds.filter((c) => c !== id) });
  return (
    <div className="grid gap-3 md:grid-cols-2">
      <ProductChecklist label="Products" chosen={b.productIds} onChange={(productIds) => set({ productIds })} />
      <fieldset className="space-y-2 rounded-md border border-neutral-200 p-3">
        <legend className="px-1 text-sm font-medium">Collections</legend>
        {collections.isPending ? (
          <p className="text-sm text-neutral-500">Loading collections…</p>
        ) : !collections.data?.length ? (
          <p className="text-sm text-neutral-600">No collections yet.</p>
        ) : (
          collections.data.map((c) => (
            <CheckboxField
              key={c.id}
              label={c.name}
              checked={b.collectionIds.includes(c.id)}
              onChange={(on) => tick(c.id, on)}
            />
          ))
        )}
      </fieldset>
    </div>
  );
}
