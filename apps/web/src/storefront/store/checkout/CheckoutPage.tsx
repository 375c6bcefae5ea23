import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { Checkout, CheckoutSettings } from '@plaza/contracts';
import { useSite } from '@plaza/react';
import { cx } from '../../../ui/cx.js';
import { ErrorMessage } from '../../../ui/ErrorMessage.js';
import { Skeleton } from '../../../ui/Skeleton.js';
import { Totals } from '../CartLines.js';
import { ProductImage } from '../ProductCard.js';
import { DeliverySection } from './Delivery.js';
import { needsDelivery } from './missing.js';
import { CodesSection, CustomFieldsSection, TipSection } from './extras.js';
import { PaymentSection } from './PaymentSection.js';
import { PlanCreditsSection } from './PlanCredits.js';
import { BillingSection, ContactSection } from './sections.js';
import { ShippingAddressSection } from './ShippingAddress.js';
import { useCheckout, useCheckoutSettings, usePaymentMethods } from './useCheckout.js';

/**
 * The hosted checkout (where `checkout-url` points), one flow like Shopify's one-page checkout: who pays, where it
 * goes, how, every total, up to "Pay". No part has a Save button; each is kept as it is filled in, and the Pay button
 * says what is still missing.
 */
export default function CheckoutPage() {
  const { checkoutId = '' } = useParams();
  const [search] = useSearchParams();
  const { data: checkout, error, isPending, refetch, isFetching } = useCheckout(checkoutId, search.get('recover'));
  const settings = useCheckoutSettings().data;
  // Asked alongside the checkout, so the payment part is ready when the checkout is.
  usePaymentMethods();
  useEffect(() => {
    document.title = 'Checkout';
  }, []);
  if (isPending) return <CheckoutSkeleton />;
  if (error)
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        {(error as { status?: number }).status === 404 ? (
          <div className="text-center">
            <h1 className="text-2xl font-semibold">This checkout is not available</h1>
            <p className="mt-2 text-neutral-600">It may belong to another browser, or it has ended.</p>
            <Link to="/cart" className="mt-6 inline-block font-medium text-accent hover:underline">
              Back to your cart
            </Link>
          </div>
        ) : (
          <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
        )}
      </div>
    );
  return <CheckoutView checkout={checkout} settings={settings} />;
}

const LOGO_HEIGHT = { SMALL: 'h-8', MEDIUM: 'h-12', LARGE: 'h-16' } as const;

/** Violations a part of the page already shows next to its fields (and the Pay button lists): not repeated. */
const SHOWN_IN_PLACE = /^(couponCode|giftCard|shippingInfo|customFields\.)/;

function CheckoutView({ checkout, settings }: { checkout: Checkout; settings: CheckoutSettings | undefined }) {
  const siteName = useSite().data?.name;
  const logo = settings?.logo;
  const closed = settings?.status === 'INACTIVE';
  // Nothing shipped (digital items, a plan): no address and no delivery to ask for.
  const shipped = needsDelivery(checkout);
  const notes = checkout.violations.filter((v) => !SHOWN_IN_PLACE.test(v.target.other?.name ?? ''));
  // Sections keep their own drafts (seeded once from the checkout), so keeping one never wipes what is typed in another.
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className={cx('mb-8 flex items-center gap-3', logo?.alignment === 'CENTER' && 'justify-center')}>
        {logo?.url && <img src={logo.url} alt={siteName ?? ''} className={cx('w-auto', LOGO_HEIGHT[logo.size])} />}
        <h1 className="text-2xl font-bold tracking-tight">Checkout</h1>
      </div>
      {closed && (
        <p role="status" className="mb-6 rounded-md bg-amber-50 p-4 text-amber-900">
          The store is not taking orders right now. Your details are kept; please come back later.
        </p>
      )}
      <div className="grid gap-8 lg:grid-cols-[1fr_24rem]">
        <div className="space-y-6">
          <ContactSection checkout={checkout} />
          {shipped && <ShippingAddressSection checkout={checkout} />}
          {shipped && <DeliverySection checkout={checkout} />}
          <BillingSection checkout={checkout} shipped={shipped} />
          <PlanCreditsSection checkout={checkout} />
          <CodesSection checkout={checkout} />
          <TipSection checkout={checkout} />
          <CustomFieldsSection checkout={checkout} />
        </div>
        <aside
          aria-label="Order summary"
          className="space-y-4 rounded-lg border border-neutral-200 bg-neutral-50 p-4 sm:p-6 lg:self-start"
        >
          <h2 className="text-lg font-semibold">Order summary</h2>
          <SummaryLines lines={checkout.lineItems} />
          {notes.map((v, i) => (
            <p
              key={i}
              role="status"
              className={cx('text-sm', v.severity === 'ERROR' ? 'text-red-700' : 'text-amber-800')}
            >
              {v.description}
            </p>
          ))}
          <Totals
            summary={checkout.priceSummary}
            discounts={checkout.appliedDiscounts}
            extra={
              shipped
                ? [
                    [
                      'Shipping',
                      checkout.shippingInfo.selectedCarrierServiceOption
                        ? checkout.priceSummary.shipping.formattedAmount
                        : 'Not yet chosen',
                      'shipping',
                    ],
                  ]
                : []
            }
          />
          {checkout.subscriptionCharges.length > 0 && (
            <p className="text-xs text-neutral-600">
              {Number(checkout.priceSummary.total.amount) === 0
                ? 'Nothing is charged today: the first charge comes when the free trial ends, then on each renewal date.'
                : 'Subscriptions are charged again on each renewal date; today you pay the first charge.'}
            </p>
          )}
          <PaymentSection checkout={checkout} closed={closed} />
          <Policies settings={settings} />
        </aside>
      </div>
    </div>
  );
}

/** The basket in the summary: each line's picture with its quantity, name, options and price. */
function SummaryLines({ lines }: { lines: Checkout['lineItems'] }) {
  return (
    <ul className="divide-y divide-neutral-200">
      {lines.map((l) => (
        <li key={l.id} className="flex items-center gap-3 py-3 text-sm">
          <div className="relative w-12 shrink-0">
            <ProductImage media={l.image} size={48} />
            <span className="absolute -top-1.5 -right-1.5 min-w-5 rounded-full bg-neutral-700 px-1 text-center text-xs leading-5 text-white">
              {l.quantity}
            </span>
          </div>
          <div className="min-w-0 flex-1">
            <p className="font-medium">{l.productName}</p>
            {l.descriptionLines.length > 0 && (
              <p className="text-neutral-600">{l.descriptionLines.map((d) => `${d.name}: ${d.value}`).join(' · ')}</p>
            )}
          </div>
          <span className="tabular-nums">{l.lineItemPrice.formattedAmount}</span>
        </li>
      ))}
    </ul>
  );
}

function Policies({ settings }: { settings: CheckoutSettings | undefined }) {
  const policies = Object.values(settings?.policies ?? {}).filter((p) => p && p.title);
  if (!policies.length) return null;
  return (
    <div className="space-y-1 border-t border-neutral-200 pt-3 text-sm">
      {policies.map((p) => (
        <details key={p.title}>
          <summary className="cursor-pointer text-neutral-700">{p.title}</summary>
          <p className="mt-1 whitespace-pre-line text-neutral-600">{p.text}</p>
        </details>
      ))}
    </div>
  );
}

function CheckoutSkeleton() {
  return (
    <div
      aria-busy="true"
      aria-label="Loading the checkout"
      className="mx-auto grid max-w-6xl gap-8 px-4 py-16 lg:grid-cols-[1fr_24rem]"
    >
      <div className="space-y-6">
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-64 w-full" />
      </div>
      <Skeleton className="h-80 w-full" />
    </div>
  );
}
