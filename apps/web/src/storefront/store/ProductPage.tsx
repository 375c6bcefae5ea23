import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Product } from '@plaza/sdk/catalog';
import { cartMutations, shopCatalogQueries, usePlaza, usePlazaMutation } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { PLAZA_CATALOG_APP_ID as CATALOG_APP_ID } from '@plaza/contracts/constants';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Skeleton } from '../../ui/Skeleton.js';
import { setCartOpen } from '../cartUi.js';
import { ReviewsSkeleton } from '../reviews/ReviewsSkeleton.js';
import { describeProblem } from './problems.js';
import { Price } from './ProductCard.js';
import { Description, OptionPicker, PlanPicker, ProductGallery, QuantityAndAdd, StockState } from './ProductParts.js';
import { Recommendations } from './Recommendations.js';
import { findVariant, initialChoices } from './variants.js';

const ReviewsWidget = lazy(() => import('../reviews/ReviewsWidget.js'));
// Shown only when the item is out of stock: its form loads then.
// Only a missing product's page offers plans: their cards and words stay out of every product page's first load.
const MembersOnlyPlans = lazy(() =>
  import('../plans/MembersOnlyPlans.js').then((m) => ({ default: m.MembersOnlyPlans })),
);
const BackInStockForm = lazy(() => import('./BackInStockForm.js').then((m) => ({ default: m.BackInStockForm })));

export default function ProductPage() {
  const { slug = '' } = useParams();
  const {
    data: product,
    error,
    isPending,
    refetch,
    isFetching,
  } = useQuery(shopCatalogQueries.product(usePlaza(), slug));
  useEffect(() => {
    if (product) document.title = product.name;
  }, [product]);
  if (isPending) return <ProductSkeleton />;
  if (error) {
    const missing = (error as { status?: number }).status === 404;
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        {missing ? (
          <div className="text-center">
            <h1 className="text-2xl font-semibold">This product is not available</h1>
            <p className="mt-2 text-neutral-600">It may have sold out for good or moved.</p>
            <Link to="/products" className="mt-6 inline-block font-medium text-accent hover:underline">
              Browse the shop
            </Link>
            <Suspense fallback={null}>
              <MembersOnlyPlans />
            </Suspense>
          </div>
        ) : (
          <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
        )}
      </div>
    );
  }
  return <ProductView key={product.id} product={product} />;
}

/** The cart line for this item: how many, and the subscription plan when one is chosen. */
function cartLine(
  catalogReference: { appId: string; catalogItemId: string; options?: { variantId: string } },
  quantity: number,
  option: NonNullable<Product['subscriptionOptions']>['options'][number] | undefined,
) {
  return {
    catalogReference,
    quantity,
    ...(option
      ? { subscriptionOptionInfo: { subscriptionSettings: { frequency: option.frequency, interval: option.interval } } }
      : {}),
  };
}

function ProductView({ product }: { product: Product }) {
  const [choices, setChoices] = useState(() => initialChoices(product));
  const [image, setImage] = useState(0);
  const [quantity, setQuantity] = useState(1);
  const subs = product.subscriptionOptions;
  const [plan, setPlan] = useState(subs && !subs.allowOneTimePurchases ? 0 : -1);
  const variant = product.options.length ? findVariant(product, choices) : undefined;
  const price = variant ? { price: variant.price, compareAtPrice: product.compareAtPrice } : product;
  const inventory = variant?.inventory ?? product.inventory;
  const unavailable = product.options.length > 0 && !variant;
  const inStock = !unavailable && inventory.inStock;
  const maxQty = inventory.trackQuantity && inventory.quantity !== undefined ? inventory.quantity : 99;
  const add = usePlazaMutation(cartMutations.change);
  const catalogReference = {
    appId: CATALOG_APP_ID,
    catalogItemId: product.id,
    ...(variant ? { options: { variantId: variant.id } } : {}),
  };

  const addToCart = () => {
    const option = plan >= 0 ? subs?.options[plan] : undefined;
    add.mutate(
      { kind: 'add', lineItems: [cartLine(catalogReference, quantity, option)] },
      { onSuccess: () => setCartOpen(true) },
    );
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <nav aria-label="Breadcrumb" className="text-sm text-neutral-600">
        <Link to="/products" className="hover:underline">
          Shop
        </Link>
        <span aria-hidden> / </span>
        <span aria-current="page">{product.name}</span>
      </nav>
      <div className="mt-6 grid gap-10 md:grid-cols-2">
        <ProductGallery media={product.media} image={image} setImage={setImage} />
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{product.name}</h1>
          <Price product={price} className="mt-3 text-xl" />
          <StockState unavailable={unavailable} inStock={inStock} inventory={inventory} />
          <OptionPicker product={product} choices={choices} setChoices={setChoices} />
          {subs && <PlanPicker subs={subs} plan={plan} setPlan={setPlan} />}
          {inStock ? (
            <QuantityAndAdd
              quantity={quantity}
              setQuantity={setQuantity}
              maxQty={maxQty}
              busy={add.isPending}
              onAdd={addToCart}
            />
          ) : (
            !unavailable && (
              <Suspense fallback={<Skeleton className="h-24 w-full" />}>
                <BackInStockForm
                  product={product}
                  catalogReference={catalogReference}
                  price={price.price.formattedAmount}
                />
              </Suspense>
            )
          )}
          {add.error && (
            <p role="alert" className="mt-3 text-sm text-red-700">
              {describeProblem(add.error)}
            </p>
          )}
          <Description value={product.description} />
        </div>
      </div>
      <Recommendations productId={product.id} />
      <div className="mt-12">
        <Suspense fallback={<ReviewsSkeleton title="Reviews" />}>
          <ReviewsWidget namespace="stores" entityId={product.id} title="Reviews" />
        </Suspense>
      </div>
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div
      aria-busy="true"
      aria-label="Loading the product"
      className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:grid-cols-2"
    >
      <Skeleton className="aspect-square w-full" />
      <div className="space-y-4">
        <Skeleton className="h-9 w-3/4" />
        <Skeleton className="h-6 w-24" />
        <Skeleton className="h-11 w-48" />
      </div>
    </div>
  );
}
