import { Link } from 'react-router';
import { shopCatalogQueries, usePlaza } from '@plaza/react';
import { useQuery } from '@tanstack/react-query';
import { ErrorMessage } from '../../ui/ErrorMessage.js';
import { ProductGrid, ProductGridSkeleton } from './ProductCard.js';

/** The home page's shop window: the newest products and the collections (a lazy chunk of its own). */
export default function Featured() {
  const products = useQuery(shopCatalogQueries.products(usePlaza(), { sort: 'CREATED_DESC', limit: 8 }));
  const collections = useQuery(shopCatalogQueries.collections(usePlaza()));
  return (
    <section aria-labelledby="featured-title" className="mt-12">
      <div className="flex items-end justify-between gap-4">
        <h2 id="featured-title" className="text-2xl font-semibold tracking-tight">
          Featured products
        </h2>
        <Link to="/products" className="text-sm font-medium text-accent hover:underline">
          Shop all →
        </Link>
      </div>
      {collections.data && collections.data.length > 0 && (
        <ul aria-label="Collections" className="mt-4 flex flex-wrap gap-2">
          {collections.data.map((c) => (
            <li key={c.id}>
              <Link
                to={`/products?collection=${c.id}`}
                className="inline-flex min-h-9 items-center rounded-full border border-neutral-300 px-4 text-sm hover:bg-neutral-50"
              >
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-6">
        {products.isPending ? (
          <ProductGridSkeleton count={4} />
        ) : products.error ? (
          <ErrorMessage error={products.error} onRetry={() => void products.refetch()} retrying={products.isFetching} />
        ) : products.data.products.length === 0 ? (
          <p className="text-neutral-600">New products are on their way. Check back soon.</p>
        ) : (
          <ProductGrid products={products.data.products} eager={4} />
        )}
      </div>
    </section>
  );
}
