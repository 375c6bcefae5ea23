import { Link } from 'react-router';
import type { Product, ProductMedia } from '@plaza/sdk/catalog';
import { cx } from '../../ui/cx.js';

/**
 * A product picture: lazy below the fold, always sized (no layout shift). Our demo images are SVG (sharp at any
 * size); other images get a `srcset` only where the host resizes (a `{w}` placeholder in the address).
 */
export function ProductImage({
  media,
  size,
  eager,
  className,
}: {
  media: ProductMedia | undefined;
  size: number;
  eager?: boolean;
  className?: string;
}) {
  if (!media) return <div aria-hidden className={cx('aspect-square rounded-lg bg-neutral-100', className)} />;
  const resizable = media.url.includes('{w}');
  const src = resizable ? media.url.replace('{w}', String(size)) : media.url;
  return (
    <img
      src={src}
      {...(resizable
        ? { srcSet: [1, 2].map((x) => `${media.url.replace('{w}', String(size * x))} ${x}x`).join(', ') }
        : {})}
      alt={media.altText ?? ''}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={cx('aspect-square w-full rounded-lg bg-neutral-100 object-cover', className)}
    />
  );
}

/** Price, and the compare-at price struck through when the product is on sale. */
export function Price({
  product,
  className,
}: {
  product: Pick<Product, 'price' | 'compareAtPrice'>;
  className?: string;
}) {
  const onSale = product.compareAtPrice && Number(product.compareAtPrice.amount) > Number(product.price.amount);
  return (
    <p className={cx('flex flex-wrap items-baseline gap-2', className)}>
      <span className={cx('font-semibold', onSale ? 'text-red-700' : 'text-neutral-900')}>
        {product.price.formattedAmount}
      </span>
      {onSale && (
        <s className="text-sm text-neutral-500">
          <span className="sr-only">Was </span>
          {product.compareAtPrice!.formattedAmount}
        </s>
      )}
    </p>
  );
}

export function ProductCard({ product, eager }: { product: Product; eager?: boolean }) {
  return (
    <li className="group">
      <Link to={`/products/${product.slug}`} className="block rounded-lg focus-visible:outline-2">
        <ProductImage media={product.media[0]} size={320} eager={eager} className="transition group-hover:opacity-90" />
        <h3 className="mt-3 text-sm font-medium text-neutral-900 group-hover:underline">{product.name}</h3>
        <Price product={product} className="mt-1 text-sm" />
        {!product.inventory.inStock && <p className="mt-1 text-xs font-medium text-neutral-600">Sold out</p>}
      </Link>
    </li>
  );
}

export function ProductGrid({ products, eager }: { products: Product[]; eager?: number }) {
  return (
    <ul className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4">
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < (eager ?? 0)} />
      ))}
    </ul>
  );
}

export function ProductGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <ul
      aria-busy="true"
      aria-label="Loading products"
      className="grid grid-cols-2 gap-x-4 gap-y-8 sm:grid-cols-3 lg:grid-cols-4"
    >
      {Array.from({ length: count }, (_, i) => (
        <li key={i}>
          <div className="aspect-square animate-pulse rounded-lg bg-neutral-100" />
          <div className="mt-3 h-4 w-3/4 animate-pulse rounded bg-neutral-100" />
          <div className="mt-2 h-4 w-1/3 animate-pulse rounded bg-neutral-100" />
        </li>
      ))}
    </ul>
  );
}
