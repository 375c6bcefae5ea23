import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import type { Product } from '@plaza/sdk/catalog';
import { Badge } from '../../ui/Badge.js';
import { Button } from '../../ui/Button.js';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { Skeleton } from '../../ui/Skeleton.js';
import { setCartOpen } from '../cartUi.js';
import { ReviewsSkeleton } from '../reviews/ReviewsSkeleton.js';
import { CATALOG_APP_ID, useCartChange, useProduct } from './api.js';
import { describeProblem } from './problems.js';
import { Price, ProductImage } from './ProductCard.js';
import { Recommendations } from './Recommendations.js';
import { choiceAvailable, findVariant, initialChoices, subscriptionLabel } from './variants.js';

const ReviewsWidget = lazy(() => import('../reviews/ReviewsWidget.js'));
// Shown only when the item is out of stock: its form loads then.
const BackInStockForm = lazy(() => import('./BackInStockForm.js').then((m) => ({ default: m.BackInStockForm })));

export default function ProductPage() {
  const { slug = '' } = useParams();
  const { data: product, error, isPending, refetch, isFetching } = useProduct(slug);
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
          </div>
        ) : (
          <ErrorMessage error={error} onRetry={() => void refetch()} retrying={isFetching} />
        )}
      </div>
    );
  }
  return <ProductView key={product.id} product={product} />;
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
  const add = useCartChange();
  const catalogReference = {
    appId: CATALOG_APP_ID,
    catalogItemId: product.id,
    ...(variant ? { options: { variantId: variant.id } } : {}),
  };

  const addToCart = () => {
    const option = plan >= 0 ? subs?.options[plan] : undefined;
    add.mutate(
      {
        kind: 'add',
        lineItems: [
          {
            catalogReference,
            quantity,
            ...(option
              ? {
                  subscriptionOptionInfo: {
                    subscriptionSettings: { frequency: option.frequency, interval: option.interval },
                  },
                }
              : {}),
          },
        ],
      },
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
        <div>
          <ProductImage media={product.media[image]} size={600} eager />
          {product.media.length > 1 && (
            <ul aria-label="More pictures" className="mt-3 grid grid-cols-5 gap-2">
              {product.media.map((m, i) => (
                <li key={m.url + i}>
                  <button
                    type="button"
                    aria-label={`Picture ${i + 1}`}
                    aria-pressed={i === image}
                    onClick={() => setImage(i)}
                    className={i === image ? 'rounded-lg ring-2 ring-accent' : 'rounded-lg'}
                  >
                    <ProductImage media={m} size={96} />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{product.name}</h1>
          <Price product={price} className="mt-3 text-xl" />
          <p className="mt-2" data-testid="stock-state">
            {unavailable ? (
              <Badge tone="warning">This combination is not available</Badge>
            ) : !inStock ? (
              <Badge tone="danger">Out of stock</Badge>
            ) : inventory.trackQuantity && inventory.quantity !== undefined && inventory.quantity <= 5 ? (
              <Badge tone="warning">Only {inventory.quantity} left</Badge>
            ) : (
              <Badge tone="success">In stock</Badge>
            )}
          </p>
          {product.options.map((o) => (
            <fieldset key={o.name} className="mt-6">
              <legend className="text-sm font-medium">
                {o.name}: <span className="font-normal text-neutral-700">{choices[o.name]}</span>
              </legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {o.choices.map((c) => {
                  const selected = choices[o.name] === c;
                  const available = choiceAvailable(product, choices, o.name, c);
                  return (
                    <button
                      key={c}
                      type="button"
                      aria-pressed={selected}
                      onClick={() => setChoices({ ...choices, [o.name]: c })}
                      className={`min-h-10 rounded-md border px-4 text-sm ${selected ? 'border-accent bg-accent-soft font-medium text-accent-ink' : 'border-neutral-300 hover:bg-neutral-50'} ${available ? '' : 'text-neutral-500 line-through'}`}
                    >
                      {c}
                      {!available && <span className="sr-only"> (unavailable)</span>}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          ))}
          {subs && (
            <fieldset className="mt-6">
              <legend className="text-sm font-medium">How would you like it?</legend>
              <div className="mt-2 space-y-2">
                {subs.allowOneTimePurchases && (
                  <PlanChoice checked={plan === -1} onChange={() => setPlan(-1)} label="One-time purchase" />
                )}
                {subs.options.map((o, i) => (
                  <PlanChoice
                    key={i}
                    checked={plan === i}
                    onChange={() => setPlan(i)}
                    label={`Subscribe: ${subscriptionLabel(o)}`}
                    note={o.discountPercent ? `Save ${o.discountPercent}%` : undefined}
                  />
                ))}
              </div>
            </fieldset>
          )}
          {inStock ? (
            <div className="mt-6 flex flex-wrap items-end gap-3">
              <label className="text-sm font-medium">
                Quantity
                <input
                  type="number"
                  min={1}
                  max={maxQty}
                  value={quantity}
                  onChange={(e) => setQuantity(Math.max(1, Math.min(maxQty, Math.floor(Number(e.target.value)) || 1)))}
                  className="mt-1 block h-10 w-20 rounded-md border border-neutral-300 px-2"
                />
              </label>
              <Button className="min-h-11 flex-1 sm:flex-none sm:px-10" busy={add.isPending} onClick={addToCart}>
                Add to cart
              </Button>
            </div>
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

function PlanChoice({
  checked,
  onChange,
  label,
  note,
}: {
  checked: boolean;
  onChange: () => void;
  label: string;
  note?: string;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-md border border-neutral-300 p-3 text-sm has-[:checked]:border-accent">
      <input type="radio" name="plan" checked={checked} onChange={onChange} className="h-4 w-4" />
      <span className="flex-1">{label}</span>
      {note && <Badge tone="success">{note}</Badge>}
    </label>
  );
}

/** Plain text, or rich-text nodes: their text, paragraph by paragraph (formatting is dropped). */
function Description({ value }: { value: Product['description'] }) {
  if (!value) return null;
  const paragraphs = typeof value === 'string' ? value.split(/\n{2,}/) : value.map(nodeText).filter(Boolean);
  return (
    <div className="mt-8 space-y-3 border-t border-neutral-200 pt-6 text-neutral-700">
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
    </div>
  );
}

function nodeText(node: unknown): string {
  const n = node as { text?: unknown; nodes?: unknown; textData?: { text?: unknown } };
  if (typeof n.text === 'string') return n.text;
  if (typeof n.textData?.text === 'string') return n.textData.text;
  return Array.isArray(n.nodes) ? n.nodes.map(nodeText).join('') : '';
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
