import { useEffect, useEffectEvent, useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { Address } from '@plaza/contracts';
import { estimateCurrentCartTotals } from '@plaza/sdk/ecom';
import { call, type Cart, cartMutations, cartQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { Button } from '../../ui/Button.js';
import { EmptyState } from '../../ui/EmptyState.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Skeleton } from '../../ui/Skeleton.js';
import { RegionFields } from '../../ui/RegionFields.js';
import { CartLines, CouponForm, Totals } from './CartLines.js';
import { useStartCheckout } from './checkoutStart.js';
import { describeProblem } from './problems.js';

export default function CartPage() {
  const { data: cart, isPending, error, refetch, isFetching } = useQuery(cartQueries.current(usePlaza()));
  useEffect(() => {
    document.title = 'Your cart';
  }, []);
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold tracking-tight">Your cart</h1>
      <div className="mt-6">
        {isPending ? (
          <Skeleton className="h-48 w-full" />
        ) : error ? (
          <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
        ) : !cart?.lineItems.length ? (
          <EmptyState
            title="Your cart is empty"
            action={
              <Link to="/products" className="font-medium text-accent hover:underline">
                Start shopping
              </Link>
            }
          />
        ) : (
          <CartView cart={cart} />
        )}
      </div>
    </div>
  );
}

/** The part of an address the estimate asks for (country, state, postal code). */
const regionOf = (a: Address | undefined): Address =>
  Object.fromEntries((['country', 'subdivision', 'postalCode'] as const).flatMap((k) => (a?.[k] ? [[k, a[k]]] : [])));

/** The shipping estimate for the cart's region, re-run when the cart changes; `run` keeps a new region on the cart. */
function useCartEstimate(cart: Cart) {
  const plaza = usePlaza();
  const keep = usePlazaMutation(cartMutations.change);
  // The estimate's region is kept on the cart (its cart info): it is here on the next visit and the checkout starts
  // from it, so the shopper does not type the country and postal code twice.
  const [address, setAddress] = useState<Address>(() => regionOf(cart.contactInfo?.address));
  const [code, setCode] = useState<string>();
  const estimate = useMutation({
    mutationFn: (selected?: string) =>
      call(plaza, estimateCurrentCartTotals, {
        shippingAddress: address,
        calculateShipping: true,
        calculateTax: true,
        ...(selected ? { selectedShippingOption: { code: selected } } : {}),
      }),
  });
  // A changed cart (quantity, coupon) makes an earlier estimate stale: recompute it with the same address.
  const { mutate, data: shown } = estimate;
  const refreshEstimate = useEffectEvent(() => {
    if (shown || address.country) mutate(code);
  });
  useEffect(() => refreshEstimate(), [cart]);
  const run = () => {
    const saved = regionOf(cart.contactInfo?.address);
    // The changed cart's answer runs the estimate (the effect above); a refused save still estimates.
    if (JSON.stringify(saved) !== JSON.stringify(regionOf(address))) {
      keep.mutate(
        { kind: 'contactInfo', contactInfo: { ...cart.contactInfo, address } },
        { onError: () => estimate.mutate(code) },
      );
    } else estimate.mutate(code);
  };
  const pick = (selected: string) => {
    setCode(selected);
    estimate.mutate(selected);
  };
  return { address, setAddress, estimate, shown, run, pick };
}

function CartView({ cart }: { cart: Cart }) {
  const start = useStartCheckout();
  const { address, setAddress, estimate, shown, run, pick } = useCartEstimate(cart);
  const options = shown?.shippingInfo.carrierServiceOptions.flatMap((c) => c.shippingOptions) ?? [];
  const selected = shown?.shippingInfo.selectedCarrierServiceOption;
  const summary = shown?.priceSummary ?? cart.priceSummary;
  const blocked = (cart.violations ?? []).some((v) => v.severity === 'ERROR');

  return (
    <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
      <CartLines cart={cart} />
      <aside aria-label="Summary" className="space-y-6 rounded-lg border border-neutral-200 p-4 lg:self-start">
        <CouponForm cart={cart} />
        <form
          className="space-y-3 border-t border-neutral-200 pt-4"
          onSubmit={(e) => {
            e.preventDefault();
            run();
          }}
        >
          <h2 className="font-medium">Estimate shipping</h2>
          <RegionFields idPrefix="estimate" value={address} onChange={setAddress} />
          <Button type="submit" variant="secondary" busy={estimate.isPending} disabled={!address.country}>
            Estimate
          </Button>
          {estimate.error && (
            <p role="alert" className="text-sm text-red-700">
              {describeProblem(estimate.error)}
            </p>
          )}
          {shown && options.length === 0 && (
            <p className="text-sm text-amber-800">We do not ship to this address yet.</p>
          )}
          {options.length > 0 && <ShippingOptions options={options} selectedCode={selected?.code} onPick={pick} />}
        </form>
        {summary && (
          <div className="border-t border-neutral-200 pt-4">
            <Totals
              summary={summary}
              discounts={shown?.appliedDiscounts ?? cart.appliedDiscounts}
              extra={shown ? [['Shipping', summary.shipping.formattedAmount, 'shipping']] : []}
            />
          </div>
        )}
        {start.error && (
          <p role="alert" className="text-sm text-red-700">
            {describeProblem(start.error)}
          </p>
        )}
        <Button
          className="min-h-11 w-full"
          disabled={blocked}
          busy={start.isPending}
          onClick={() => start.mutate({ shippingOption: shown ? selected?.code : undefined })}
        >
          Check out
        </Button>
        {blocked && <p className="text-sm text-red-700">Fix the problems above to check out.</p>}
      </aside>
    </div>
  );
}

type EstimateOption = NonNullable<
  ReturnType<typeof useCartEstimate>['shown']
>['shippingInfo']['carrierServiceOptions'][number]['shippingOptions'][number];

/** The ways to ship to the estimate's address, with their price; picking one re-estimates with it. */
function ShippingOptions({
  options,
  selectedCode,
  onPick,
}: {
  options: EstimateOption[];
  selectedCode: string | undefined;
  onPick: (code: string) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium">Shipping options</legend>
      {options.map((o) => (
        <label key={o.code} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="estimate-option"
            checked={selectedCode === o.code}
            onChange={() => onPick(o.code)}
          />
          <span className="flex-1">
            {o.title}
            {o.logistics.deliveryTime && <span className="text-neutral-500"> · {o.logistics.deliveryTime}</span>}
          </span>
          <span className="tabular-nums">{o.cost.price.formattedAmount}</span>
        </label>
      ))}
    </fieldset>
  );
}
